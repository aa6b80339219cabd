#!/usr/bin/env node
// API throughput against a bare Fastify route, and start-up time to /api/health.
// Usage: node e2e/bench/api-throughput.mjs [seconds per route, default 8]
//
// A bare Fastify `{ ok: true }` server is the reference, so runs under different loads of this
// shared machine compare as shares of it. Then the real server as `npm start` runs it, on a fresh
// PGlite database and, when 127.0.0.1:5432 answers, a fresh PostgreSQL one (dropped afterwards):
// each route by autocannon, 50 connections, loopback, authenticated reads as the demo customer.
// Start-up: spawn to the first 200 of /api/health, from `api/dist/main.js` and through tsx, on
// the migrated and seeded database. Rewrites the API-THROUGHPUT table in docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, waitForHealth } from '../../scripts/lib/servers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const API = path.join(ROOT, 'api');
const SECONDS = Number(process.argv[2] ?? 8);
const CONNECTIONS = 50;
const STARTS = 3;
const DEMO = { identifier: 'demo', password: 'Demo#2026pass' };
const POSTGRES_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Fastify and pg are the API's dependencies; resolve them from there.
const apiRequire = createRequire(path.join(API, 'package.json'));

const ROUTES = [
  { path: '/api/health' },
  { path: '/api/stores' },
  {
    path: '/api/stores',
    label: '/api/stores (Accept-Encoding: br)',
    headers: { 'accept-encoding': 'br' },
  },
  { path: '/api/retailers' },
  { path: '/api/subscriptions/plans' },
  { path: '/api/auth/me', auth: true },
  { path: '/api/order-pickups', auth: true },
];

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The environment of `npm start`: ours, less what a test runner or the shell may have set. */
function serverEnv(overrides) {
  const env = { ...process.env, ...overrides };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'STATIC_ROOT']) {
    if (!(name in overrides)) delete env[name];
  }
  return env;
}

/** Spawns `args` with a fresh port; resolves once /api/health answers. */
async function startProcess(args, { cwd = ROOT, env = {} } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverEnv({ HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env }),
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, child, { intervalMs: 20 });
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { child, base, startMs: performance.now() - started };
}

const BARE_SERVER = `
  const Fastify = require(${JSON.stringify(apiRequire.resolve('fastify'))});
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ({ ok: true }));
  app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function startBare() {
  return startProcess(['-e', BARE_SERVER]);
}

async function signIn(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status}`);
  return (await response.json()).token;
}

async function bodySize(base, route, token) {
  const response = await fetch(`${base}${route.path}`, {
    headers: {
      ...(route.auth ? { authorization: `Bearer ${token}` } : {}),
      'accept-encoding': 'identity',
    },
  });
  if (!response.ok) throw new Error(`${route.path}: ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function measure(base, route, token) {
  const headers = { ...(route.headers ?? {}) };
  if (route.auth) headers.authorization = `Bearer ${token}`;
  const result = await load(`${base}${route.path}`, headers);
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failed,
  };
}

async function measureBare() {
  const bare = await startBare();
  try {
    return await measure(bare.base, { path: '/api/health' });
  } finally {
    await stop(bare.child);
  }
}

async function measureServer(kind, env) {
  const server = await startProcess(['scripts/serve.mjs'], { env });
  const rows = [];
  try {
    const token = await signIn(server.base);
    for (const route of ROUTES) {
      const bytes = await bodySize(server.base, route, token);
      const result = await measure(server.base, route, token);
      rows.push({ kind, label: route.label ?? route.path, bytes, ...result });
      console.log(
        `${kind} ${route.label ?? route.path}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms` +
          (result.failed ? `, ${result.failed} failed` : ''),
      );
    }
  } finally {
    await stop(server.child);
  }
  return rows;
}

async function postgresDatabase() {
  const pg = apiRequire('pg');
  const admin = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3_000,
  });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable (${error.message}); PGlite only.`);
    return undefined;
  }
  const name = `bench_${Date.now().toString(36)}_${process.pid}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function measureStartups(dataDir) {
  const variants = [];
  const compiled = path.join(API, 'dist', 'main.js');
  if (existsSync(compiled)) {
    variants.push({
      name: 'compiled (`node api/dist/main.js`)',
      args: ['--enable-source-maps', compiled],
    });
  }
  variants.push({
    name: 'tsx (`node --import tsx src/main.ts`)',
    args: ['--import', 'tsx', 'src/main.ts'],
  });
  const results = [];
  for (const variant of variants) {
    const times = [];
    for (let i = 0; i < STARTS; i += 1) {
      const server = await startProcess(variant.args, { cwd: API, env: { DATA_DIR: dataDir } });
      times.push(server.startMs);
      await stop(server.child);
    }
    times.sort((a, b) => a - b);
    results.push({ name: variant.name, median: times[Math.floor(times.length / 2)], times });
    console.log(`start-up ${variant.name}: ${times.map((t) => Math.round(t)).join(', ')} ms`);
  }
  return results;
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function table(rows, bareRps) {
  const lines = [
    '| database | route | body | req/s | share of bare | p99 |',
    '|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.kind} | \`GET ${row.label}\` | ${kb(row.bytes)} | ${fmt(row.rps)} | ${((100 * row.rps) / bareRps).toFixed(1)}% | ${row.p99} ms${row.failed ? ` (${row.failed} failed)` : ''} |`,
    );
  }
  return lines.join('\n');
}

function writeDocs(section) {
  const file = path.join(ROOT, 'docs', 'benchmarks.md');
  const start = '<!-- API-THROUGHPUT:START -->';
  const end = '<!-- API-THROUGHPUT:END -->';
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`markers ${start} / ${end} missing in ${file}`);
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${section}\n${text.slice(to)}`);
}

const loadBefore = os.loadavg();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
let database;
try {
  const bareBefore = await measureBare();
  console.log(`bare Fastify: ${Math.round(bareBefore.rps)} req/s, p99 ${bareBefore.p99} ms`);
  const rows = await measureServer('PGlite', { DATA_DIR: dataDir });
  database = await postgresDatabase();
  if (database)
    rows.push(
      ...(await measureServer('PostgreSQL', { DATABASE_URL: database.url, DATA_DIR: dataDir })),
    );
  const bareAfter = await measureBare();
  console.log(`bare Fastify (again): ${Math.round(bareAfter.rps)} req/s, p99 ${bareAfter.p99} ms`);
  const bareRps = (bareBefore.rps + bareAfter.rps) / 2;
  const startups = await measureStartups(dataDir);
  const loadAfter = os.loadavg();

  const section = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, ` +
      `load average ${loadBefore[0].toFixed(1)} before and ${loadAfter[0].toFixed(1)} after (shared machine): ` +
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per route, loopback. Bare Fastify ` +
      `\`{ ok: true }\`: ${fmt(bareBefore.rps)} req/s before and ${fmt(bareAfter.rps)} after; shares are of ` +
      `their mean, ${fmt(bareRps)} req/s.`,
    '',
    table(rows, bareRps),
    '',
    `Start-up to the first 200 of \`/api/health\` on the existing (migrated, seeded) PGlite database, median of ${STARTS}:`,
    '',
    '| server | median | runs |',
    '|---|---|---|',
    ...startups.map(
      (s) => `| ${s.name} | ${fmt(s.median)} ms | ${s.times.map((t) => fmt(t)).join(', ')} ms |`,
    ),
  ].join('\n');
  writeDocs(section);
  console.log(`\n${section}`);
} finally {
  await database
    ?.drop()
    .catch((error) => console.error('dropping the bench database failed', error));
  rmSync(dataDir, { recursive: true, force: true });
}
