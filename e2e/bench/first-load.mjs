#!/usr/bin/env node
// Measures the JavaScript a first visit to a page downloads (issue 2): every JS file, its size as
// sent (brotli, what Chromium negotiates), its gzip size and its raw size, and the MF runtime
// copies. Usage: node e2e/bench/first-load.mjs [url] (default http://localhost:8080/).
// Writes the table between the FIRST-LOAD markers in docs/benchmarks.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const target = process.argv[2] ?? 'http://localhost:8080/';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage();
const scripts = [];
page.on('requestfinished', async (request) => {
  const response = await request.response();
  if (!response || request.resourceType() !== 'script') return;
  const body = await response.body();
  const sizes = await request.sizes();
  scripts.push({
    file: new URL(request.url()).pathname,
    sent: sizes.responseBodySize,
    encoding: response.headers()['content-encoding'] ?? 'identity',
    gzip: gzipSync(body, { level: 9 }).length,
    raw: body.length,
    // The MF runtime's core carries this marker; one copy is the goal (issue 2).
    mfRuntime: body.includes('RUNTIME-00') || body.includes('__FEDERATION__') ? 1 : 0,
  });
});
await page.goto(target, { waitUntil: 'networkidle' });
await page.getByRole('heading', { level: 1 }).first().waitFor();
await page.waitForTimeout(500);
await browser.close();

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
scripts.sort((a, b) => b.gzip - a.gzip);
const total = scripts.reduce(
  (sum, s) => ({ sent: sum.sent + s.sent, gzip: sum.gzip + s.gzip, raw: sum.raw + s.raw }),
  { sent: 0, gzip: 0, raw: 0 },
);
const date = new Date().toISOString().slice(0, 10);
const lines = [
  `Measured ${date} on ${new URL(target).pathname} of the production build (\`npm start\`), Debian Chromium, cold cache.`,
  '',
  '| file | sent (encoding) | gzip | raw |',
  '|---|---|---|---|',
  ...scripts.map(
    (s) => `| \`${s.file}\` | ${kb(s.sent)} (${s.encoding}) | ${kb(s.gzip)} | ${kb(s.raw)} |`,
  ),
  `| **total: ${scripts.length} files** | **${kb(total.sent)}** | **${kb(total.gzip)}** | **${kb(total.raw)}** |`,
  '',
  `Files that contain Module Federation runtime code: ${
    scripts
      .filter((s) => s.mfRuntime)
      .map((s) => `\`${s.file}\``)
      .join(', ') || 'none'
  }.`,
];
const table = lines.join('\n');
console.log(table);

const docPath = new URL('../../docs/benchmarks.md', import.meta.url);
const doc = readFileSync(docPath, 'utf8');
const start = '<!-- FIRST-LOAD:START -->';
const end = '<!-- FIRST-LOAD:END -->';
if (doc.includes(start) && doc.includes(end)) {
  const next = `${doc.slice(0, doc.indexOf(start) + start.length)}\n${table}\n${doc.slice(doc.indexOf(end))}`;
  writeFileSync(docPath, next);
}
