// What a first visit to a page downloads in JavaScript, shared by the benchmark
// (e2e/bench/first-load.mjs) and the build's budget check (scripts/check-bundle-budget.mjs), so
// both count the same bytes: every script the page fetched until its heading is on screen and
// hydrated, its size as sent, its gzip -9 size and its raw size.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { assertPortFree, freePort, waitForHealth } from './servers.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The pages a signed-out visitor can open (docs/product.md, "Routes"), the ones that must paint
 * fast on a phone. Signed-in pages redirect a stranger to /auth, which is in the list.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/auth',
  '/about-us',
  '/platform-services',
  '/how-it-works',
  '/team',
  '/help-center',
  '/delivery-info',
  '/careers',
  '/contact',
  '/curbside-pickup',
  '/landing',
  '/api-docs',
  '/robot-leasing',
];

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Loads `url` in a fresh context (cold cache) and lists the scripts it fetched, largest gzip
 * first: `scripts` were requested before the page was interactive (its heading on screen and
 * owned by React; since server rendering the heading comes with the HTML, so "shown" is not
 * enough), the first load the budget limits; `later` were requested after, until the network is
 * idle for `settleMs`. A page that sends the visitor elsewhere counts until it does: the page it
 * lands on is measured on its own route (otherwise the count raced the redirect).
 */
export async function measureFirstLoad(browser, url, { settleMs = 500 } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // When the first <h1> was owned by React, on the page's own clock. Hydration attaches React's
  // fiber to the server's node without changing the document, so this polls instead of observing.
  await page.addInitScript(() => {
    // When the app first changed the address to another path (React Router's redirects go
    // through these two), on the same clock. An address replaced while the document is still
    // parsing is not a redirect: that is the sign-in page the server sent for another page
    // taking its own address (api/src/ssr/sign-in-first-script.ts), and it hydrates as itself.
    const { pathname } = window.location;
    for (const method of ['pushState', 'replaceState']) {
      const original = history[method].bind(history);
      history[method] = (state, unused, target) => {
        const leaving =
          document.readyState !== 'loading' &&
          target != null &&
          new URL(target, window.location.href).pathname !== pathname;
        if (leaving && window.__redirectedAt === undefined) {
          window.__redirectedAt = performance.now();
        }
        return original(state, unused, target);
      };
    }
    const timer = setInterval(() => {
      const heading = document.querySelector('h1');
      if (heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'))) {
        window.__interactiveAt = performance.now();
        clearInterval(timer);
      }
    }, 5);
  });
  const pending = [];
  const onFinished = (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return undefined;
        const body = await response.body();
        const sizes = await request.sizes();
        return {
          url: request.url(),
          file: new URL(request.url()).pathname,
          sent: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'identity',
          gzip: gzipSync(body, { level: 9 }).length,
          raw: body.length,
          // Module Federation's runtime: runtime-core in the shell's runtime chunk, the bundler
          // runtime in the owning remote's entry (ADR 014), never a copy per chunk.
          mfRuntime: /__FEDERATION__|_FEDERATION_RUNTIME_CORE/.test(body.toString()) ? 1 : 0,
        };
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => window.__interactiveAt !== undefined);
  await page.waitForTimeout(settleMs);
  const { interactiveAt, starts } = await page.evaluate(() => ({
    interactiveAt: Math.min(
      window.__interactiveAt,
      window.__redirectedAt ?? Number.POSITIVE_INFINITY,
    ),
    starts: performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
  }));
  const startOf = new Map(starts);
  // Stop listening before reading the bodies: a script that finished after the settle window
  // would otherwise start reading its body after the context closed and crash the run.
  page.off('requestfinished', onFinished);
  const all = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  for (const s of all) s.beforeInteractive = (startOf.get(s.url) ?? 0) < interactiveAt;
  all.sort((a, b) => b.gzip - a.gzip);
  const sum = (list) =>
    list.reduce(
      (total, s) => ({
        sent: total.sent + s.sent,
        gzip: total.gzip + s.gzip,
        raw: total.raw + s.raw,
      }),
      { sent: 0, gzip: 0, raw: 0 },
    );
  const scripts = all.filter((s) => s.beforeInteractive);
  const later = all.filter((s) => !s.beforeInteractive);
  return { url, scripts, total: sum(scripts), later, laterTotal: sum(later) };
}

/** The median of a list of measures (the mean of the middle two for an even count). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** "median (min–max)" of a list of measures, each written with `format`. */
export const medianRange = (values, format) =>
  `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The chunk table of one page, as Markdown. */
export function chunkTable({ scripts, total }) {
  return [
    '| file | sent (encoding) | gzip | raw |',
    '|---|---|---|---|',
    ...scripts.map(
      (s) => `| \`${s.file}\` | ${kb(s.sent)} (${s.encoding}) | ${kb(s.gzip)} | ${kb(s.raw)} |`,
    ),
    `| **total: ${scripts.length} files** | **${kb(total.sent)}** | **${kb(total.gzip)}** | **${kb(total.raw)}** |`,
  ].join('\n');
}

/**
 * Starts the production server as `npm start` runs it (the compiled API, api/dist/main.js, rebuilt
 * first when stale, exactly as scripts/serve.mjs does) over a build, on `port` (default: a free
 * one) and a fresh embedded database. `staticRoot` is a DIST_ROOT folder (default: the
 * repository's own builds). Resolves once /api/health answers; `stop()` ends it (SIGTERM, then
 * SIGKILL after 5 s) and removes the database.
 */
export async function startProductionServer({ staticRoot, env = {}, port: wanted } = {}) {
  const { API_BUNDLE, API_ROOT, apiBuildIsStale, buildApi } = await import(
    '../../api/scripts/build.mjs'
  );
  if (await apiBuildIsStale()) await buildApi();
  if (wanted !== undefined) await assertPortFree(wanted);
  const port = wanted ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'curbrun-bench-'));
  const child = spawn(process.execPath, ['--enable-source-maps', API_BUNDLE], {
    cwd: API_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(staticRoot ? { STATIC_ROOT: path.resolve(staticRoot) } : {}),
      ...env,
    },
  });
  child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** The short hash of the commit checked out, for a benchmark table's "measured on" line. */
export const headCommit = () =>
  execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT }).toString().trim();

/** Replaces what lies between `<!-- NAME:START -->` and `<!-- NAME:END -->` in docs/benchmarks.md. */
export async function writeBenchmarkSection(name, text) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const docPath = path.join(REPO_ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(docPath, 'utf8');
  const start = `<!-- ${name}:START -->`;
  const end = `<!-- ${name}:END -->`;
  if (!doc.includes(start) || !doc.includes(end)) return false;
  const next = `${doc.slice(0, doc.indexOf(start) + start.length)}\n${text}\n${doc.slice(doc.indexOf(end))}`;
  writeFileSync(docPath, next);
  return true;
}
