#!/usr/bin/env node
// Holds thousands of idle live-update streams against one API process and reports their cost:
// resident memory, /api/health latency meanwhile, and how fast the caps
// answer 429. Usage: node e2e/bench/sse-streams.mjs [streams, default 10000, at most 19000]
// Starts the compiled API as a deployment configures it (NODE_ENV=production, DEMO_CUSTOMER=off,
// demo traffic on) on a fresh embedded database, measured on its second start. The streams are the
// public demo dashboard's, from 127.0.0.2-21, with the per-address cap at streams / 20 and the
// process cap at streams, so that cap is reached exactly. Loopback only, at most 5 minutes.
// Writes the SSE-STREAMS table in docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, waitForHealth } from '../../scripts/lib/servers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const STREAMS = Math.min(Number(process.argv[2] ?? 10_000), 19_000);
const ADDRESSES = 20;
const PER_ADDRESS = Math.ceil(STREAMS / ADDRESSES);
const OPEN_CONCURRENCY = 200;
const RUN_LIMIT_MS = 5 * 60_000;
// Long enough to include a server heartbeat (every 15 s), when it writes to every stream.
const IDLE_SAMPLE_MS = 20_000;
const STREAM_PATH = '/api/demo/dashboard/events';

if (!Number.isInteger(STREAMS) || STREAMS < ADDRESSES) {
  console.error(`streams must be a whole number from ${ADDRESSES} to 19000`);
  process.exit(1);
}
let running;
const watchdog = setTimeout(() => {
  console.error(`gave up after ${RUN_LIMIT_MS / 60_000} minutes`);
  running?.kill('SIGKILL');
  process.exit(1);
}, RUN_LIMIT_MS);
watchdog.unref();

// The server as `npm start` runs it: the compiled bundle (api/dist/main.js), rebuilt when stale.
const apiBuild = await import(pathToFileURL(path.join(ROOT, 'api', 'scripts', 'build.mjs')).href);
if (await apiBuild.apiBuildIsStale()) await apiBuild.buildApi();

async function startServer(dataDir, staticRoot) {
  const port = await freePort();
  // The API process itself (not scripts/serve.mjs, a wrapper), so /proc/<pid> is the server.
  const child = spawn(process.execPath, ['--enable-source-maps', apiBuild.API_BUNDLE], {
    cwd: apiBuild.API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_ROOT: staticRoot,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // A real deployment has no demo customer (README); the demo store's traffic stays on.
      DEMO_CUSTOMER: 'off',
      RETAILER_DEMO_TRAFFIC: 'on',
      DATABASE_URL: '',
      TRUST_PROXY: '',
      LIVE_STREAMS_PER_ADDRESS: String(PER_ADDRESS),
      LIVE_STREAMS_PER_PROCESS: String(STREAMS),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running = child;
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return {
    port,
    url,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

/** Opens one stream from `localAddress`; resolves with its status once the answer starts. */
function openStream(port, localAddress) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: STREAM_PATH,
        localAddress,
        agent: false,
        headers: { accept: 'text/event-stream' },
      },
      (response) => {
        const ms = performance.now() - started;
        if (response.statusCode !== 200) {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode, ms, message: JSON.parse(body).message }),
          );
          return;
        }
        // An idle visitor: reads what comes (heartbeats, demo deliveries) and never hangs up.
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        resolve({
          status: 200,
          ms,
          close: () => request.destroy(),
          bytes: () => bytes,
        });
      },
    );
    request.on('error', reject);
  });
}

async function waitUntil(check, what) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens a stream from `address` again, filling the slot freed above. */
async function waitForOpenSlot(port, address) {
  const result = await openStream(port, address);
  if (result.status !== 200) throw new Error(`reopening answered ${result.status}`);
  streams.push(result);
}

async function timeHealth(url, count, spreadMs) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/api/health answered ${response.status}`);
    times.push(performance.now() - started);
    if (spreadMs) await new Promise((resolve) => setTimeout(resolve, spreadMs / count));
  }
  return summary(times);
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) };
}

const ms = (value) => `${value.toFixed(1)} ms`;
const mb = (value) => `${Math.round(value)} MB`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'sse-bench-'));
const staticRoot = mkdtempSync(path.join(tmpdir(), 'sse-bench-static-'));
// The first start migrates and seeds, which leaves memory behind that a running deployment does
// not carry; the measured process is the second start on that database, like any restart.
await (await startServer(dataDir, staticRoot)).stop();
const server = await startServer(dataDir, staticRoot);
const streams = [];
let table;
try {
  // Let start-up work (seeding, the first demo order) settle before the baseline.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const baseRss = rssMb(server.pid);
  const healthBefore = await timeHealth(server.url, 50, 2_000);

  const addressOf = (i) => `127.0.0.${2 + (i % ADDRESSES)}`;
  const openStarted = performance.now();
  const openTimes = [];
  for (let i = 0; i < STREAMS; i += OPEN_CONCURRENCY) {
    const batch = [];
    for (let j = i; j < Math.min(i + OPEN_CONCURRENCY, STREAMS); j += 1) {
      batch.push(openStream(server.port, addressOf(j)));
    }
    for (const result of await Promise.all(batch)) {
      if (result.status !== 200)
        throw new Error(`stream ${streams.length} answered ${result.status}`);
      streams.push(result);
      openTimes.push(result.ms);
    }
    if (streams.length % 1_000 === 0) {
      console.log(
        `${streams.length} streams open after ${((performance.now() - openStarted) / 1000).toFixed(1)} s, server RSS ${mb(rssMb(server.pid))}`,
      );
    }
  }
  const openSeconds = (performance.now() - openStarted) / 1000;
  console.log(`${STREAMS} streams open in ${openSeconds.toFixed(1)} s`);

  // Idle: sample memory and /api/health across at least one heartbeat.
  const rssSamples = [];
  const sampler = setInterval(() => rssSamples.push(rssMb(server.pid)), 500);
  const healthLoaded = await timeHealth(server.url, 100, IDLE_SAMPLE_MS);
  clearInterval(sampler);
  const heldRss = Math.max(...rssSamples);

  // The caps. With one stream of the first address closed, the process is one below its cap and
  // the other addresses are at theirs: the per-address cap answers. With it open again, the
  // process cap answers, whoever asks.
  streams.shift()?.close();
  await waitUntil(async () => {
    const probe = await openStream(server.port, addressOf(1));
    return probe.status === 429 && /your network/.test(probe.message);
  }, 'the closed stream to free its slot');
  const perAddress = [];
  for (let i = 0; i < 50; i += 1) {
    const refused = await openStream(server.port, addressOf(1 + (i % (ADDRESSES - 1))));
    if (refused.status !== 429 || !/your network/.test(refused.message)) {
      throw new Error(`expected the per-address 429, got ${refused.status} ${refused.message}`);
    }
    perAddress.push(refused.ms);
  }
  await waitForOpenSlot(server.port, addressOf(0));
  const perProcess = [];
  for (let i = 0; i < 50; i += 1) {
    const refused = await openStream(server.port, `127.0.0.${100 + i}`);
    if (refused.status !== 429 || !/busy/.test(refused.message)) {
      throw new Error(`expected the per-process 429, got ${refused.status} ${refused.message}`);
    }
    perProcess.push(refused.ms);
  }
  const refusedAddress = summary(perAddress);
  const refusedProcess = summary(perProcess);
  const healthAtCap = await timeHealth(server.url, 50, 0);
  const received = streams.reduce((sum, stream) => sum + stream.bytes(), 0);

  const rows = [
    ['server idle, no streams: RSS', mb(baseRss)],
    [`${STREAMS} idle streams open: RSS (max over ${IDLE_SAMPLE_MS / 1000} s)`, mb(heldRss)],
    ['memory per stream', `${(((heldRss - baseRss) * 1024) / STREAMS).toFixed(1)} KB`],
    [
      `opening them (${OPEN_CONCURRENCY} at a time)`,
      `${openSeconds.toFixed(1)} s, p50 ${ms(summary(openTimes).p50)}, p95 ${ms(summary(openTimes).p95)}`,
    ],
    [
      '/api/health, no streams',
      `p50 ${ms(healthBefore.p50)}, p95 ${ms(healthBefore.p95)}, max ${ms(healthBefore.max)}`,
    ],
    [
      `/api/health, ${STREAMS} streams open (incl. a heartbeat to all)`,
      `p50 ${ms(healthLoaded.p50)}, p95 ${ms(healthLoaded.p95)}, max ${ms(healthLoaded.max)}`,
    ],
    [
      '429 at the per-address cap',
      `p50 ${ms(refusedAddress.p50)}, p95 ${ms(refusedAddress.p95)}, max ${ms(refusedAddress.max)}`,
    ],
    [
      '429 at the per-process cap',
      `p50 ${ms(refusedProcess.p50)}, p95 ${ms(refusedProcess.p95)}, max ${ms(refusedProcess.max)}`,
    ],
    [
      '/api/health right after 100 refusals',
      `p50 ${ms(healthAtCap.p50)}, p95 ${ms(healthAtCap.p95)}, max ${ms(healthAtCap.max)}`,
    ],
    [
      'bytes received by all streams (heartbeats, demo deliveries)',
      `${Math.round(received / 1024)} KB`,
    ],
  ];
  const date = new Date().toISOString().slice(0, 10);
  table = [
    `Measured ${date} with \`node e2e/bench/sse-streams.mjs ${STREAMS}\`: one API process (NODE_ENV=production, DEMO_CUSTOMER=off, embedded database, demo traffic on, second start), ${STREAMS} public demo-dashboard streams from ${ADDRESSES} loopback addresses (LIVE_STREAMS_PER_ADDRESS=${PER_ADDRESS}, LIVE_STREAMS_PER_PROCESS=${STREAMS}), Node ${process.version}, ${(await import('node:os')).cpus().length} cores shared with other work.`,
    '',
    '| measure | result |',
    '|---|---|',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ].join('\n');
  console.log(`\n${table}\n`);
} finally {
  for (const stream of streams) stream.close?.();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(staticRoot, { recursive: true, force: true });
}

const docs = path.join(ROOT, 'docs', 'benchmarks.md');
const current = readFileSync(docs, 'utf8');
const start = '<!-- SSE-STREAMS:START -->';
const end = '<!-- SSE-STREAMS:END -->';
const from = current.indexOf(start);
const to = current.indexOf(end);
if (from === -1 || to === -1) {
  console.warn(`docs/benchmarks.md has no ${start} … ${end} markers; table not written.`);
} else {
  writeFileSync(docs, `${current.slice(0, from + start.length)}\n${table}\n${current.slice(to)}`);
  console.log('Updated docs/benchmarks.md');
}
