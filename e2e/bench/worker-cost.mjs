#!/usr/bin/env node
// What the service worker (ADR 018) costs a first visit: the same pages loaded in a fresh context
// with the worker allowed and with it blocked (Playwright's `serviceWorkers: 'block'`, as if the
// browser had none), median of 3 each. For each: the page's scripts (gzip) requested before it
// was interactive, those requested after it until the network was quiet for 3 s (idle work, the
// worker's registration chunk included), when it was interactive, and what the worker itself
// fetched (its script and its precache, as sent over the wire; files the page already loaded come
// from the HTTP cache). Prints a Markdown table for docs/benchmarks.md.
//
// Usage: node e2e/bench/worker-cost.mjs   (over the repository's production builds)
import { gzipSync } from 'node:zlib';
import { kb, launchBrowser, startProductionServer } from './first-load-lib.mjs';

const ROUTES = ['/', '/landing', '/curbside-pickup'];
const RUNS = 3;
const QUIET_MS = 3000;
const DEMO = { identifier: 'demo', password: 'Demo#2026pass' };

async function measure(browser, base, route, serviceWorkers) {
  const context = await browser.newContext({ serviceWorkers });
  if (route === '/curbside-pickup') {
    // The page is for signed-in customers: the demo customer's session, as after a login.
    const answer = await context.request.post(`${base}/api/auth/login`, { data: DEMO });
    const { token, user } = await answer.json();
    await context.addInitScript(
      ({ token, id }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userID', id);
      },
      { token, id: user.id },
    );
  }
  // When the page said it was interactive (`<html data-hydrated>`), on its own clock.
  await context.addInitScript(() => {
    const timer = setInterval(() => {
      if (!document.documentElement?.hasAttribute('data-hydrated')) return;
      window.__hydratedAt = performance.now();
      clearInterval(timer);
    }, 5);
  });
  const page = await context.newPage();
  const scripts = [];
  let workerBytes = 0;
  context.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => undefined);
    if (request.serviceWorker()) {
      workerBytes += sizes?.responseBodySize ?? 0;
      return;
    }
    if (request.resourceType() !== 'script' || request.frame()?.page() !== page) return;
    const body = await (await request.response())?.body().catch(() => undefined);
    if (!body) return;
    scripts.push({ url: request.url(), gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(QUIET_MS);
  const { hydratedAt, starts } = await page.evaluate(() => ({
    hydratedAt: window.__hydratedAt,
    starts: performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
  }));
  const startOf = new Map(starts);
  await context.close();
  const before = scripts.filter((s) => (startOf.get(s.url) ?? 0) < hydratedAt);
  const after = scripts.filter((s) => !before.includes(s));
  const sum = (list) => list.reduce((total, s) => total + s.gzip, 0);
  return { before: sum(before), after: sum(after), hydratedAt, workerBytes };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const server = await startProductionServer();
const browser = await launchBrowser();
const rows = [];
try {
  for (const route of ROUTES) {
    for (const mode of ['allow', 'block']) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1)
        runs.push(await measure(browser, server.baseUrl, route, mode));
      rows.push(
        `| \`${route}\` | ${mode === 'allow' ? 'worker' : 'no worker'} | ${kb(median(runs.map((r) => r.before)))} | ${kb(median(runs.map((r) => r.after)))} | ${kb(median(runs.map((r) => r.before + r.after)))} | ${Math.round(median(runs.map((r) => r.hydratedAt)))} ms | ${kb(median(runs.map((r) => r.workerBytes)))} |`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  '| route | | scripts before interactive (gzip) | after, until quiet (gzip) | total | interactive at | fetched by the worker (as sent) |',
);
console.log('|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
