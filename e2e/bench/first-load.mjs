#!/usr/bin/env node
// Measures the JavaScript a first visit to a page downloads before it is interactive, meaning its
// heading is on screen and hydrated: every JS file, its size as sent (brotli, what Chromium
// negotiates), its gzip size and its raw size, and which files carry the federation runtime; then
// the first-load total of every public route, with what was fetched after that (idle work) beside
// it.
//
// Usage: node e2e/bench/first-load.mjs [base-url]
// Without a URL it starts the production server itself (scripts/serve.mjs) over the repository's
// builds, or over DIST_ROOT / STATIC_ROOT when set. Writes the tables between the FIRST-LOAD
// markers in docs/benchmarks.md. The measuring code is shared with the build's budget check
// (scripts/check-bundle-budget.mjs) in scripts/lib/first-load.mjs.
import {
  chunkTable,
  kb,
  launchBrowser,
  measureFirstLoad,
  PUBLIC_ROUTES,
  startProductionServer,
  writeBenchmarkSection,
} from '../../scripts/lib/first-load.mjs';

const given = process.argv[2];
const server = given
  ? undefined
  : await startProductionServer({
      staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT,
    });
const base = (given ?? server.baseUrl).replace(/\/+$/, '');
const browser = await launchBrowser();
try {
  const home = await measureFirstLoad(browser, `${base}/`);
  const routes = [];
  for (const route of PUBLIC_ROUTES) {
    const result = route === '/' ? home : await measureFirstLoad(browser, `${base}${route}`);
    routes.push({
      route,
      files: result.scripts.length,
      ...result.total,
      later: result.laterTotal.gzip,
    });
  }

  const date = new Date().toISOString().slice(0, 10);
  const runtimeFiles = home.scripts.filter((s) => s.mfRuntime).map((s) => `\`${s.file}\``);
  const table = [
    `Measured ${date} on / of the production build (\`npm start\`), Debian Chromium, cold cache.`,
    '',
    chunkTable(home),
    '',
    `Files that contain Module Federation runtime code (the share scope and shared-module consumption): ${runtimeFiles.join(', ') || 'none'}.`,
    `Requested after the page was interactive (idle work, not counted above): ${
      home.later.map((s) => `\`${s.file}\` (${kb(s.gzip)} gzip)`).join(', ') || 'none'
    }.`,
    '',
    'First load of every public route (signed out, cold cache; scripts requested before the page was interactive, its heading on screen and hydrated, or before it redirected the visitor):',
    '',
    '| route | files | sent | gzip | raw | idle work after (gzip) |',
    '|---|---|---|---|---|---|',
    ...routes.map(
      (r) =>
        `| \`${r.route}\` | ${r.files} | ${kb(r.sent)} | ${kb(r.gzip)} | ${kb(r.raw)} | ${kb(r.later)} |`,
    ),
  ].join('\n');
  console.log(table);
  await writeBenchmarkSection('FIRST-LOAD', table);
} finally {
  await browser.close();
  await server?.stop();
}
