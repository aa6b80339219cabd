#!/usr/bin/env node
// What the browser's first style and layout of a page waits on, on this machine. In the calibrated
// Lighthouse runs that one task is the largest of a visitor's page (docs/benchmarks.md,
// "Calibrated to a phone"). For each route it loads the page as a visitor, unthrottled, on
// Lighthouse's mobile screen, records a trace and reports, median (min–max) of the runs:
//   task      the longest main-thread task that lays the page out (its style, layout and paint);
//   strikes   Chromium's font render-style lookups (one per font, size and weight a text uses,
//             each a synchronous call from the renderer to the browser process on Linux) and the
//             time the renderer waited on them;
//   matches   its font family lookups (a family of the stack that is not installed costs one);
//   styles    the distinct font size and weight pairs of the page's visible text.
//
// Usage: node e2e/bench/first-layout.mjs [runs, default 7]
//   ONLY=/auth,/   just those routes (default: the four routes of the calibrated bar), and leave
//                  docs/benchmarks.md alone
// Starts the production server over the repository's builds like first-load.mjs; writes
// FIRST-LAYOUT.
import {
  headCommit,
  launchBrowser,
  medianRange,
  startProductionServer,
  writeBenchmarkSection,
} from '../../scripts/lib/first-load.mjs';
import { CALIBRATED_ROUTES, MOBILE_SCREEN } from './lighthouse-lib.mjs';

const runs = Number(process.argv[2] ?? 7);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('Usage: node e2e/bench/first-layout.mjs [runs, default 7]');
  process.exit(2);
}
const ONLY = process.env.ONLY ? process.env.ONLY.split(',') : undefined;
const routes = ONLY ?? CALIBRATED_ROUTES;
const STRIKE = 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike';
const MATCH = 'FontDataManager::onMatchFamilyStyle';
const LAYOUT_WORK = new Set(['Layout', 'UpdateLayoutTree', 'Paint']);

/** One visit's trace, read for the first layout and the font lookups. */
async function traceVisit(browser, url) {
  const context = await browser.newContext(MOBILE_SCREEN);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,blink,fonts',
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  const spans = events.filter((event) => event.ph === 'X');
  const inside = (outer, event) =>
    event.tid === outer.tid && event.ts >= outer.ts && event.ts + event.dur <= outer.ts + outer.dur;
  const tasks = spans.filter(
    (event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask',
  );
  const layoutTasks = tasks.filter((task) =>
    spans.some((event) => LAYOUT_WORK.has(event.name) && inside(task, event)),
  );
  const longest = Math.max(0, ...layoutTasks.map((task) => task.dur / 1000));
  const named = (name) => spans.filter((event) => event.name === name);
  const total = (list) => list.reduce((sum, event) => sum + event.dur / 1000, 0);
  return {
    task: longest,
    strikes: named(STRIKE).length,
    strikeMs: total(named(STRIKE)),
    matches: named(MATCH).length,
    matchMs: total(named(MATCH)),
  };
}

/** The distinct font size and weight pairs of the visible text, as the server sent the page. */
async function textStyles(browser, url) {
  const context = await browser.newContext({ ...MOBILE_SCREEN, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  const pairs = await page.evaluate(() => {
    const seen = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim() || element.closest('template')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      seen.add(`${style.fontFamily} ${style.fontSize} ${style.fontWeight} ${style.fontStyle}`);
    }
    return seen.size;
  });
  await context.close();
  return pairs;
}

const server = await startProductionServer({
  staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT,
});
const browser = await launchBrowser();
const started = new Date();
const results = new Map(routes.map((route) => [route, { samples: [], styles: 0 }]));
try {
  for (const route of routes) {
    results.get(route).styles = await textStyles(browser, `${server.baseUrl}${route}`);
  }
  for (let run = 0; run < runs; run += 1) {
    for (const route of routes) {
      const sample = await traceVisit(browser, `${server.baseUrl}${route}`);
      results.get(route).samples.push(sample);
      console.log(
        `${route} run ${run + 1}/${runs}: layout task ${sample.task.toFixed(1)} ms, ${sample.strikes} strikes ${sample.strikeMs.toFixed(1)} ms, ${sample.matches} matches ${sample.matchMs.toFixed(1)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const commit = headCommit();
const ms = (value) => `${value.toFixed(1)} ms`;
const count = (value) => String(Math.round(value));
const text = [
  `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on commit ${commit} with \`node e2e/bench/first-layout.mjs ${runs}\`: each route loaded ${runs} times as a visitor, unthrottled, on Lighthouse's mobile screen, in a fresh context of Debian's Chromium, the routes taking turns; median (min–max).`,
  '',
  '| route | longest layout task | font strikes | waited on strikes | family lookups | waited on lookups | size and weight pairs |',
  '|---|---|---|---|---|---|---|',
  ...routes.map((route) => {
    const { samples, styles } = results.get(route);
    const of = (key, format) =>
      medianRange(
        samples.map((sample) => sample[key]),
        format,
      );
    return `| \`${route}\` | ${of('task', ms)} | ${of('strikes', count)} | ${of('strikeMs', ms)} | ${of('matches', count)} | ${of('matchMs', ms)} | ${styles} |`;
  }),
].join('\n');
console.log(`\n${text}`);
if (!ONLY && !(await writeBenchmarkSection('FIRST-LAYOUT', text))) {
  console.error('docs/benchmarks.md has no FIRST-LAYOUT markers: nothing written.');
}
