#!/usr/bin/env node
// The long tasks (over 50 ms) of a page's load at 4× CPU in a real throttled Chromium: which
// tasks and when, where Lighthouse's TBT says "too much". "blocking" sums their time over 50 ms
// after the first contentful paint, as TBT does. DevTools' Network and Debugger domains are on,
// as under Lighthouse, since both add main-thread work per script.
// Usage: node e2e/bench/long-tasks.mjs [route, default /api-docs] [runs, default 7]
//          [--until <selector>]   (what the page must show; default its heading, then 1.5 s)
// Serves the repository's builds (or STATIC_ROOT / DIST_ROOT) like first-load.mjs;
// COMPARE_ROOT=<dir> also serves another build and alternates runs for a before/after (on this
// noisy machine a 100 ms change shows only in the medians of 15 or more runs). Prints only.
import { launchBrowser, median, startProductionServer } from '../../scripts/lib/first-load.mjs';

const args = process.argv.slice(2);
const untilAt = args.indexOf('--until');
const until = untilAt >= 0 ? args.splice(untilAt, 2)[1] : 'h1';
const route = args[0] ?? '/api-docs';
const runs = Number(args[1] ?? 7);
if (!route.startsWith('/') || !Number.isInteger(runs) || runs < 1) {
  console.error('Usage: node e2e/bench/long-tasks.mjs [route] [runs] [--until <selector>]');
  process.exit(2);
}

const builds = [
  { label: 'build', staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT },
  ...(process.env.COMPARE_ROOT ? [{ label: 'compare', staticRoot: process.env.COMPARE_ROOT }] : []),
];
for (const build of builds) {
  build.server = await startProductionServer({ staticRoot: build.staticRoot });
  build.blocking = [];
}
const browser = await launchBrowser();

/** One load of the route; the blocking time after the first contentful paint and the long tasks. */
async function measure(baseUrl) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Debugger.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const tasks = [];
      window.__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${baseUrl}${route}`);
    await page.waitForSelector(until, { timeout: 60_000 });
    await page.waitForTimeout(1500);
    const { tasks, fcp } = await page.evaluate(() => ({
      tasks: window.__longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const total = tasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { total, tasks };
  } finally {
    await context.close();
  }
}

try {
  for (let run = 1; run <= runs; run += 1) {
    // Turns swap which build goes first, so a slow spell of the machine falls on both alike.
    for (const build of run % 2 ? builds : [...builds].reverse()) {
      const { total, tasks } = await measure(build.server.baseUrl);
      build.blocking.push(total);
      const list = tasks.map(([start, duration]) => `${Math.round(duration)}@${Math.round(start)}`);
      console.log(
        `${route} ${build.label} run ${run}/${runs}: blocking ${Math.round(total)} ms; long tasks (ms@start) ${list.join(' ') || 'none'}`,
      );
    }
  }
} finally {
  await browser.close();
  for (const build of builds) await build.server.stop();
}
for (const { label, blocking } of builds) {
  const mean = blocking.reduce((sum, value) => sum + value, 0) / blocking.length;
  console.log(
    `${route} ${label}: blocking ${Math.round(median(blocking))} ms by the median of ${runs}, mean ${Math.round(mean)} (${Math.round(Math.min(...blocking))}–${Math.round(Math.max(...blocking))})`,
  );
}
