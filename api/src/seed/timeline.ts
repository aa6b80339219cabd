/**
 * Demo history written by the real services, then dated in the past. The seed cannot wait weeks
 * for a delivery, so it runs each thing that happened now, as a *step* saying when it happened in
 * the story; `redateDemoHistory` (redate.ts) then moves the rows a step wrote to the story's time:
 * - an instant (`created_at`, `leg_started_at`, ...) keeps its offset from the step's start:
 *   `at + (t - wall)`;
 * - an estimate (an ETA) is a duration on the clock the code ran with, so it is stretched by the
 *   step's `estimateFactor`: `at + (t - wall) × factor` (an ETA milliseconds ahead at a tiny time
 *   scale stands for twenty minutes).
 * A *live* step is dated as itself: the in-transit order's departure, and all after it, is now.
 */

/**
 * When a step happened in the story, in epoch milliseconds; read when the rows are dated, and
 * given the wall-clock time the step started at.
 */
export type StoryTime = (wall: number) => number;

const HALF_HOUR = 30 * 60_000;

/**
 * About `target`: the moment within the half hour after it that is on the same minute and
 * second of the half hour as the step's wall clock. Delivery windows start on a half hour after
 * the moment of ordering (quotes/windows.ts); with this, the window the services computed on the
 * wall clock lands on a half hour in the story too.
 */
export const nearHalfHourAfter =
  (target: number): StoryTime =>
  (wall) =>
    target + ((((wall - target) % HALF_HOUR) + HALF_HOUR) % HALF_HOUR);

interface Step {
  /** `Date.now()` when the step started. */
  wall: number;
  /** Its story time, or `live`: it happens now (the story has caught up with the present). */
  at: StoryTime | 'live';
  estimateFactor: number;
}

const storyStart = (step: Step) => (step.at === 'live' ? step.wall : step.at(step.wall));

export class SeedTimeline {
  readonly #steps: Step[] = [];

  /** The wall-clock start of the latest step. */
  get lastWall(): number | undefined {
    return this.#steps.at(-1)?.wall;
  }

  /**
   * Runs `work` as what happened at `at`. `estimateFactor`: story milliseconds per real
   * millisecond of the clock the code runs with (1 unless it runs at another time scale).
   */
  async step<T>(
    at: StoryTime | 'live',
    work: () => Promise<T>,
    options: { estimateFactor?: number } = {},
  ): Promise<T> {
    // Steps start on distinct milliseconds, so every timestamp belongs to exactly one of them.
    const last = this.#steps.at(-1);
    while (last && Date.now() <= last.wall) await new Promise((resolve) => setImmediate(resolve));
    const wall = Date.now();
    this.#steps.push({ wall, at, estimateFactor: options.estimateFactor ?? 1 });
    return work();
  }

  /** The story time of the step running now, read when the rows are dated. */
  current(): () => number {
    const step = this.#steps.at(-1);
    if (!step) throw new Error('No timeline step is running');
    return () => storyStart(step);
  }

  /** A step that happens now, at the pace the code runs with: its rows keep their times. */
  live<T>(work: () => Promise<T>): Promise<T> {
    return this.step('live', work);
  }

  #stepAt(t: number): Step | undefined {
    let found: Step | undefined;
    for (const step of this.#steps) {
      if (step.wall > t) break;
      found = step;
    }
    return found;
  }

  /** The story time of an instant written during the steps (others are returned as they are). */
  instant(t: Date): Date {
    const step = this.#stepAt(t.getTime());
    return step ? new Date(storyStart(step) + (t.getTime() - step.wall)) : t;
  }

  /** The story time of an estimate (an ETA) written at `writtenAt`. */
  estimate(t: Date, writtenAt: Date): Date {
    const step = this.#stepAt(writtenAt.getTime());
    return step ? new Date(storyStart(step) + (t.getTime() - step.wall) * step.estimateFactor) : t;
  }

  /** A moment a fixed real time ahead of `writtenAt` (a delivery window): moved with it. */
  shift(t: Date, writtenAt: Date): Date {
    const step = this.#stepAt(writtenAt.getTime());
    return step ? new Date(storyStart(step) + (t.getTime() - step.wall)) : t;
  }

  /** Story milliseconds per real millisecond of the step that wrote `writtenAt`. */
  factorAt(writtenAt: Date): number {
    return this.#stepAt(writtenAt.getTime())?.estimateFactor ?? 1;
  }
}
