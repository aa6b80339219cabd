#!/usr/bin/env node
// The long tasks of a page's load at 4× CPU, in a real (throttled) Chromium rather than
// Lighthouse's simulation: where Lighthouse's TBT says "too much", this says which tasks and when.
// Each run loads the route in a fresh page with Chromium's CPU throttling at 4×, waits until the
// page shows `--until` (a CSS selector, default: the route's heading) and 1.5 s more, and lists
// every long task (over 50 ms) with the time it started; "blocking" is the sum over 50 ms of the
// tasks after the first contentful paint, as Total Blocking Time counts them.
//
// Usage: node e2e/bench/long-tasks.mjs [route, default /api-docs] [runs, default 7]
//          [--until <selector>]
// Starts the production server over the repository's builds (or STATIC_ROOT / DIST_ROOT) like
// first-load.mjs. Prints; it writes nothing (docs/benchmarks.md quotes its results by hand).
import { launchBrowser, startProductionServer } from './first-load-lib.mjs';

const args = process.argv.slice(2);
const untilAt = args.indexOf('--until');
const until = untilAt >= 0 ? args.splice(untilAt, 2)[1] : 'h1';
const route = args[0] ?? '/api-docs';
const runs = Number(args[1] ?? 7);
if (!route.startsWith('/') || !Number.isInteger(runs) || runs < 1) {
  console.error('Usage: node e2e/bench/long-tasks.mjs [route] [runs] [--until <selector>]');
  process.exit(2);
}

const server = await startProductionServer({
  staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT,
});
const browser = await launchBrowser();
const blocking = [];
try {
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const tasks = [];
      window.__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${server.baseUrl}${route}`);
    await page.waitForSelector(until, { timeout: 60_000 });
    await page.waitForTimeout(1500);
    const { tasks, fcp } = await page.evaluate(() => ({
      tasks: window.__longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const total = tasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    blocking.push(total);
    const list = tasks.map(([start, duration]) => `${Math.round(duration)}@${Math.round(start)}`);
    console.log(
      `${route} run ${run}/${runs}: blocking ${Math.round(total)} ms; long tasks (ms@start) ${list.join(' ') || 'none'}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
const sorted = [...blocking].sort((a, b) => a - b);
console.log(
  `${route}: blocking ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms by the median of ${runs} (${Math.round(sorted[0])}–${Math.round(sorted.at(-1))})`,
);
