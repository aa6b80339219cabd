#!/usr/bin/env node
// Where Lighthouse's Total Blocking Time comes from: the long tasks of its simulated load (its
// `long-tasks` audit, at Lighthouse's 4× CPU), the main thread's time by kind and each script's
// share, for one or more routes. lighthouse.mjs gives the medians; this gives the tasks behind
// one run's number, to read before changing code (a change's effect still has to be measured on
// many alternating runs: one run swings by a few hundred milliseconds on this machine).
//
// Also, from the run's trace, the main-thread tasks the simulation keeps (10 ms or more): their
// time by the clock and the time the thread was running (trace-tasks.mjs), and what they add to
// TBT multiplied by the run's slowdown either way; at the end, those sums per route.
//
// Usage: node e2e/bench/lighthouse-tasks.mjs [routes, comma-separated, default /about-us] [runs, default 1] [--calibrate 1100] [--method devtools]
// (--calibrate: the CPU slowdown set for a phone of that benchmarkIndex, as lighthouse.mjs does;
// --method devtools: the load throttled for real instead of simulated.)
// Starts the production server over the repository's builds (or STATIC_ROOT / DIST_ROOT) like
// first-load.mjs. Prints; it writes nothing.
import { loadavg } from 'node:os';
import { startProductionServer } from '../../scripts/lib/first-load.mjs';
import {
  BASE_CPU_SLOWDOWN,
  runLighthouse,
  takeCalibrateArgument,
  takeMethodArgument,
} from './lighthouse-lib.mjs';
import { blockingAt, KEPT_TASK_MS, longMainThreadTasks } from './trace-tasks.mjs';

const args = process.argv.slice(2);
const method = takeMethodArgument(args);
const calibrate = takeCalibrateArgument(args);
const routes = (args[0] ?? '/about-us').split(',');
const runs = Number(args[1] ?? 1);
if (
  !routes.every((route) => route.startsWith('/')) ||
  !Number.isInteger(runs) ||
  runs < 1 ||
  (calibrate !== undefined && !(calibrate > 0))
) {
  console.error(
    'Usage: node e2e/bench/lighthouse-tasks.mjs [routes] [runs] [--calibrate 1100] [--method devtools]',
  );
  process.exit(2);
}

const ms = (value) => `${Math.round(value)} ms`;
const server = await startProductionServer({
  staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT,
});
const shortUrl = (url) => url.replace(server.baseUrl, '') || '/';
/** Per route, each run's kept tasks summed: clock time, CPU time, and TBT by either. */
const kept = new Map(routes.map((route) => [route, []]));
try {
  for (let run = 1; run <= runs; run += 1) {
    for (const route of routes) {
      const { lhr, calibration, traceEvents } = await runLighthouse(
        `${server.baseUrl}${route}`,
        ['performance'],
        { calibrate, method, trace: true },
      );
      const { audits } = lhr;
      const { benchmarkIndex } = lhr.environment;
      const slowdown = calibration
        ? `, measured before ${Math.round(calibration.benchmarkIndex)} → CPU ${calibration.multiplier.toFixed(2)}×`
        : '';
      console.log(
        `\n${route} run ${run}/${runs}: performance ${Math.round(lhr.categories.performance.score * 100)}, TBT ${ms(audits['total-blocking-time'].numericValue)}, FCP ${ms(audits['first-contentful-paint'].numericValue)}, TTI ${ms(audits.interactive.numericValue)}, benchmarkIndex ${Math.round(benchmarkIndex)}${slowdown}, load ${loadavg()[0].toFixed(2)}`,
      );
      // Only the part of a task over 50 ms, after the first contentful paint, counts as blocking.
      for (const task of audits['long-tasks'].details?.items ?? []) {
        console.log(`  task at ${ms(task.startTime)}: ${ms(task.duration)}  ${shortUrl(task.url)}`);
      }
      const byKind = audits['mainthread-work-breakdown'].details.items
        .map((item) => `${item.group} ${ms(item.duration)}`)
        .join(', ');
      console.log(`  main thread: ${byKind}`);
      for (const script of audits['bootup-time'].details?.items ?? []) {
        console.log(
          `  ${shortUrl(script.url)}: ${ms(script.total)} (evaluation ${ms(script.scripting)}, parse and compile ${ms(script.scriptParseCompile)})`,
        );
      }
      const tasks = longMainThreadTasks(traceEvents);
      const wall = tasks.reduce((sum, task) => sum + task.wall, 0);
      const cpu = tasks.reduce((sum, task) => sum + task.cpu, 0);
      const { byWall, byCpu } = blockingAt(tasks, calibration?.multiplier ?? BASE_CPU_SLOWDOWN);
      kept.get(route).push({ wall, cpu, byWall, byCpu });
      console.log(
        `  tasks of ${KEPT_TASK_MS} ms or more, unthrottled: ${tasks.map((task) => `at ${ms(task.start)} ${ms(task.wall)} (running ${ms(task.cpu)})`).join(', ') || 'none'}`,
      );
      console.log(
        `  together ${ms(wall)}, the thread running ${ms(cpu)}; multiplied, over 50 ms each: ${ms(byWall)} by the clock, ${ms(byCpu)} by the running time`,
      );
    }
  }
} finally {
  await server.stop();
}

console.log('\nPer route, summed over its runs (tasks kept by the simulation, unthrottled):');
for (const [route, samples] of kept) {
  if (!samples.length) continue;
  const sum = (field) => samples.reduce((total, sample) => total + sample[field], 0);
  console.log(
    `  ${route}: ${ms(sum('wall'))} by the clock, ${ms(sum('cpu'))} running (${Math.round((100 * sum('cpu')) / sum('wall'))}%); multiplied, ${ms(sum('byWall') / samples.length)} a run by the clock, ${ms(sum('byCpu') / samples.length)} by the running time`,
  );
}
