#!/usr/bin/env node
// Checks the README's development command: starts `npm run dev` (scripts/dev.mjs), waits until
// every dev server answers (shell 3000, marketing 3001, customer 3002, curbside 3003, retailer
// 3004) and the shell proxies `/api/health` to the API on 8080 with `{ "ok": true }`, then stops
// the whole process tree. Exits 0 when all of that held within the time limit, 1 otherwise.
// `npm test` runs it as a stage (scripts/test.mjs); run it alone with `node scripts/check-dev.mjs`.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { ROOT } from './lib.mjs';

const TIMEOUT_MS = Number(process.env.CHECK_DEV_TIMEOUT_MS ?? 420_000);
const PORTS = { shell: 3000, marketing: 3001, customer: 3002, curbside: 3003, retailer: 3004 };
const API_PORT = 8080;
const HEALTH_URL = `http://localhost:${PORTS.shell}/api/health`;

function say(message) {
  console.log(`[check-dev] ${message}`);
}

/** True when something already listens on the port (then the check cannot tell whose it is). */
function portTaken(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status < 500;
  } catch {
    return false;
  }
}

async function healthOk() {
  try {
    const response = await fetch(HEALTH_URL, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) return false;
    const body = await response.json();
    return body?.ok === true;
  } catch {
    return false;
  }
}

const busy = [];
for (const port of [...Object.values(PORTS), API_PORT]) if (await portTaken(port)) busy.push(port);
if (busy.length) {
  console.error(
    `[check-dev] FAILED: port(s) ${busy.join(', ')} already in use; stop what listens there first.`,
  );
  process.exit(1);
}

say(`starting "npm run dev" (limit ${Math.round(TIMEOUT_MS / 1000)} s)`);
// A process group of its own, so stopping it stops pnpm, every dev server and the API watcher.
const child = spawn('npm', ['run', 'dev'], {
  cwd: ROOT,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, npm_config_update_notifier: 'false', FORCE_COLOR: '0' },
});
const output = [];
const keep = (chunk) => {
  output.push(chunk);
  if (output.length > 400) output.shift();
};
child.stdout.on('data', keep);
child.stderr.on('data', keep);
let exited = null;
child.on('exit', (code, signal) => {
  exited = { code, signal };
});

function stopTree(signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function stop() {
  if (exited) {
    stopTree('SIGTERM'); // children of a pnpm that died may still run
    return;
  }
  stopTree('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  stopTree('SIGKILL');
}

process.on('SIGINT', async () => {
  await stop();
  process.exit(130);
});

const started = Date.now();
const pending = new Set(Object.keys(PORTS));
let healthy = false;
let failure = null;
while (true) {
  if (exited) {
    failure = `"npm run dev" exited early (code ${exited.code}, signal ${exited.signal})`;
    break;
  }
  for (const name of [...pending]) {
    if (await answers(`http://localhost:${PORTS[name]}/`)) {
      pending.delete(name);
      say(`${name} answers on ${PORTS[name]} after ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }
  if (!healthy && (await healthOk())) {
    healthy = true;
    say(`${HEALTH_URL} answers {"ok":true} (proxied to the API on ${API_PORT})`);
  }
  if (!pending.size && healthy) break;
  if (Date.now() - started > TIMEOUT_MS) {
    const missing = [...pending].map((name) => `${name} (${PORTS[name]})`);
    if (!healthy) missing.push(`${HEALTH_URL} with {"ok":true}`);
    failure = `no answer within ${Math.round(TIMEOUT_MS / 1000)} s from: ${missing.join(', ')}`;
    break;
  }
  await new Promise((r) => setTimeout(r, 1000));
}

await stop();
if (failure) {
  console.error(Buffer.concat(output).toString('utf8').split('\n').slice(-80).join('\n'));
  console.error(`[check-dev] FAILED: ${failure}`);
  process.exit(1);
}
say(
  `OK: ports 3000-3004 answer and /api is proxied (${Math.round((Date.now() - started) / 1000)} s)`,
);
process.exit(0);
