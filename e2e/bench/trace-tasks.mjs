// The page's main-thread tasks in a Lighthouse run's trace, with the time each took by the clock
// (`dur`) and the time its thread was actually running (`tdur`, the thread's CPU time). For
// lighthouse-tasks.mjs: with simulated throttling, Lighthouse multiplies a task's clock time by
// the CPU slowdown, and on a machine with few cores part of that time is the thread waiting
// (on a synchronous call to the browser process, or for a core), which a slower CPU would not
// lengthen in proportion.

/** Lighthouse's simulation keeps a task of this many milliseconds or more as a node of its own. */
export const KEPT_TASK_MS = 10;

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const key = (event) => `${event.pid}:${event.tid}`;

/**
 * The page's renderer main thread: of the threads named CrRendererMain, the one that ran the
 * most script (a run also has the renderer of its first, blank page).
 */
function pageMainThread(events) {
  const names = new Map(
    events.filter((event) => event.name === 'thread_name').map((e) => [key(e), e.args.name]),
  );
  const scriptRuns = new Map();
  for (const event of events) {
    if (event.name !== 'FunctionCall' && event.name !== 'EvaluateScript') continue;
    if (names.get(key(event)) !== 'CrRendererMain') continue;
    scriptRuns.set(key(event), (scriptRuns.get(key(event)) ?? 0) + 1);
  }
  return [...scriptRuns].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The tasks of `minMs` or more on the page's main thread from its navigation on, in order:
 * `start` (ms after the navigation), `wall` (ms by the clock) and `cpu` (ms the thread ran).
 */
export function longMainThreadTasks(events, minMs = KEPT_TASK_MS) {
  const thread = pageMainThread(events);
  if (!thread) return [];
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      key(event) === thread &&
      event.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  const from = navigation?.ts ?? 0;
  return events
    .filter(
      (event) =>
        TASK_NAMES.has(event.name) &&
        event.ph === 'X' &&
        key(event) === thread &&
        event.ts >= from &&
        event.dur >= minMs * 1000,
    )
    .sort((a, b) => a.ts - b.ts)
    .map((event) => ({
      start: (event.ts - from) / 1000,
      wall: event.dur / 1000,
      cpu: (event.tdur ?? event.dur) / 1000,
    }));
}

/**
 * What `tasks` would add to Total Blocking Time if each were multiplied by `slowdown`, by its
 * clock time (as the simulation does) and by its CPU time: the part over 50 ms, summed.
 */
export function blockingAt(tasks, slowdown) {
  const over = (ms) => Math.max(0, ms * slowdown - 50);
  return {
    byWall: tasks.reduce((sum, task) => sum + over(task.wall), 0),
    byCpu: tasks.reduce((sum, task) => sum + over(task.cpu), 0),
  };
}
