#!/usr/bin/env node
// How long a curbside status change made on the server takes to show in the browser:
// live (server-sent events) against the 5 s polling fallback (the events endpoint blocked).
// Usage: node e2e/bench/curbside-latency.mjs [rounds per mode, default 2]
//
// Needs a production build (or DIST_ROOT). Starts its own server, fresh database, SIM_TIME_SCALE=1
// (robot steps 10 s apart); a round runs the demo customer's 4 orders in parallel, 5 changes each
// (the last a failure after three wrong PINs), 20 samples. Server time: the tracking update's
// timestamp; browser time: when the status label changed (MutationObserver). Both clocks are this
// machine's. Writes the CURBSIDE-LATENCY table in docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { freePort, waitForHealth } from '../../scripts/lib/servers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.argv[2] ?? 2);
const ORDERS = ['CR-100234', 'CR-100235', 'CR-100236', 'CR-100237'];
const DEMO = { identifier: 'demo', password: 'Demo#2026pass' };
const LABELS = {
  robot_dispatched: 'Robot Dispatched',
  robot_collecting: 'Collecting Order',
  robot_en_route: 'Robot En Route',
  awaiting_verification: 'Robot Arrived',
  failed: 'Failed',
};
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'curbside-bench-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'serve.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SIM_TIME_SCALE: '1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...(process.env.DIST_ROOT ? { STATIC_ROOT: process.env.DIST_ROOT } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(base, token, method, pathname, body) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function waitFor(check, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One pickup watched in its own tab; resolves to the latency of each of its 5 changes. */
async function runPickup(base, token, context, orderNumber, index) {
  const phone = `(469) 555-${String(1000 + index).slice(-4)}`;
  const created = await api(base, token, 'POST', '/api/curbside-pickups', {
    customerName: 'Bench Customer',
    parkingSpotNumber: String(index + 1),
    phoneNumber: phone,
    orderNumber,
  });
  if (created.status !== 201) throw new Error(`arrival failed: ${JSON.stringify(created.body)}`);
  const id = created.body.id;
  const page = await context.newPage();
  await page.goto(`${base}/curbside-pickup?pickup=${id}`);
  await page.getByTestId('pickup-status').waitFor();

  await waitFor(
    () =>
      page.evaluate(() => window.__curbsideLog.some((entry) => entry.label === 'Robot Arrived')),
    'the robot to arrive',
  );
  // How the page kept up while the robot moved ("Live updates on" / "Checking every 5 seconds").
  const mode = await page.getByTestId('live-mode').textContent();
  const outbox = await api(
    base,
    undefined,
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(phone)}`,
  );
  const pin = /PIN for order CR-\d{6} is (\d{4})\./.exec(outbox.body[0].text)[1];
  const wrong = pin === '0000' ? '1111' : '0000';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await api(base, token, 'POST', `/api/curbside-pickups/${id}/verify`, {
      verificationPin: wrong,
    });
  }
  await waitFor(
    () => page.evaluate(() => window.__curbsideLog.some((entry) => entry.label === 'Failed')),
    'the failure to show',
  );
  const log = await page.evaluate(() => window.__curbsideLog);
  await page.close();

  const record = (await api(base, token, 'GET', `/api/curbside-pickups/${id}`)).body;
  const samples = [];
  for (const [status, label] of Object.entries(LABELS)) {
    const update = record.trackingUpdates.findLast((entry) => entry.status === status);
    const shown = log.find((entry) => entry.label === label);
    if (!update || !shown) throw new Error(`${label} was never shown (${orderNumber})`);
    samples.push(shown.at - Date.parse(update.timestamp));
  }
  return { samples, mode };
}

function percentile(sorted, p) {
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

async function measure(base, token, browser, mode) {
  const context = await browser.newContext();
  await context.addInitScript(
    ({ token, userId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userID', userId);
      localStorage.setItem('sensitiveAuthTime', String(Date.now()));
      // Every label the status header shows, with the moment it appeared.
      window.__curbsideLog = [];
      const read = () => {
        const label = document.querySelector('[data-testid="pickup-status"]')?.textContent;
        if (label && window.__curbsideLog.at(-1)?.label !== label) {
          window.__curbsideLog.push({ label, at: Date.now() });
        }
      };
      new MutationObserver(read).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    },
    { token, userId: (await api(base, token, 'GET', '/api/auth/me')).body.user.id },
  );
  if (mode === 'polling') {
    // What a browser behind a proxy that breaks streaming sees: the page falls back to polling.
    await context.route('**/api/curbside-pickups/*/events', (route) => route.abort());
  }
  const all = [];
  const modes = new Set();
  for (let round = 0; round < ROUNDS; round += 1) {
    const results = await Promise.all(
      ORDERS.map((order, index) => runPickup(base, token, context, order, round * 10 + index)),
    );
    for (const result of results) {
      all.push(...result.samples);
      modes.add(result.mode);
    }
    console.log(`${mode}: round ${round + 1}/${ROUNDS} done`);
  }
  await context.close();
  const sorted = [...all].sort((a, b) => a - b);
  return {
    mode,
    shownAs: [...modes].join(', '),
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
  };
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
let rows;
try {
  const login = await api(server.url, undefined, 'POST', '/api/auth/login', DEMO);
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const token = login.body.token;
  rows = [
    await measure(server.url, token, browser, 'live'),
    await measure(server.url, token, browser, 'polling'),
  ];
} finally {
  await browser.close();
  await server.stop();
}

const ms = (value) => `${Math.round(value)} ms`;
const date = new Date().toISOString().slice(0, 10);
const table = [
  `Measured ${date} with \`node e2e/bench/curbside-latency.mjs ${ROUNDS}\` on the production build, Debian Chromium, embedded database, SIM_TIME_SCALE=1, ${ORDERS.length} pickups watched at once.`,
  '',
  '| mode | page showed | changes | p50 | p95 | max |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.mode === 'live' ? 'live (SSE)' : 'polling fallback (events blocked)'} | ${row.shownAs} | ${row.count} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);

const docs = path.join(ROOT, 'docs', 'benchmarks.md');
const current = readFileSync(docs, 'utf8');
const start = '<!-- CURBSIDE-LATENCY:START -->';
const end = '<!-- CURBSIDE-LATENCY:END -->';
const from = current.indexOf(start);
const to = current.indexOf(end);
if (from === -1 || to === -1) {
  console.warn(`docs/benchmarks.md has no ${start} … ${end} markers; table not written.`);
} else {
  writeFileSync(docs, `${current.slice(0, from + start.length)}\n${table}\n${current.slice(to)}`);
  console.log('Updated docs/benchmarks.md');
}
