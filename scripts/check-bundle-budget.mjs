#!/usr/bin/env node
// `node scripts/check-bundle-budget.mjs`: the first-load JavaScript budget (ADR 011, ADR 014).
// Serves the production build as `npm start` does (the repository's builds, or DIST_ROOT /
// STATIC_ROOT when set), opens `/` and every public route signed out in a fresh Chromium context,
// adds up the gzip size of the scripts requested before the page is interactive (its heading on
// screen and hydrated) and, for `/`, also those requested after that until the network is idle
// (idle work such as the support chat), prints the chunk table of `/` and one line per route, and
// exits 1 when `/` or any route is over its budget. The measuring is the benchmark's
// (e2e/bench/first-load.mjs), shared in scripts/lib/first-load.mjs, so the benchmark table and
// this check always count the same bytes. `npm test` runs it after the build.
import {
  chunkTable,
  kb,
  launchBrowser,
  measureFirstLoad,
  PUBLIC_ROUTES,
  startProductionServer,
} from './lib/first-load.mjs';

const KB = 1024;

/**
 * Budgets in KB of gzip: `/` at most 185 KB until the network is idle, idle work included, and
 * no public route over 220 KB up to interactive (ADR 011 decision 4). ADR 014 has what `/`
 * carries (the MF runtime chunk after the first paint, the remote's entry); docs/benchmarks.md has
 * the tables. Never raise them without a decision recorded in docs/decisions/.
 */
export const BUDGET_KB = {
  home: 185,
  route: 220,
};

const server = await startProductionServer({
  staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT,
});
const browser = await launchBrowser();
const failures = [];
try {
  const rows = [];
  for (const route of PUBLIC_ROUTES) {
    const result = await measureFirstLoad(browser, `${server.baseUrl}${route}`);
    const home = route === '/';
    const budget = (home ? BUDGET_KB.home : BUDGET_KB.route) * KB;
    if (home) {
      console.log(`First-load JavaScript of / (scripts requested before it was interactive):\n`);
      console.log(chunkTable(result));
      console.log('');
    }
    // `/`'s budget counts everything requested until the network is idle (ADR 014).
    const counted = result.total.gzip + (home ? result.laterTotal.gzip : 0);
    const files = result.scripts.length + (home ? result.later.length : 0);
    const over = counted > budget;
    if (over) failures.push(`${route}: ${kb(counted)} > ${kb(budget)}`);
    rows.push(
      `| \`${route}\` | ${files} | ${kb(counted)} | ${kb(budget)} | ${over ? 'OVER' : 'ok'} |`,
    );
  }
  console.log('| route | files | gzip | budget | |\n|---|---|---|---|---|');
  console.log(rows.join('\n'));
  console.log(
    `\nBudgets: / ${BUDGET_KB.home} KB until the network is idle, other routes ${BUDGET_KB.route} KB up to interactive.`,
  );
} finally {
  await browser.close();
  await server.stop();
}
if (failures.length) {
  console.error(`\nFirst-load JavaScript over budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('First-load JavaScript within budget.');
