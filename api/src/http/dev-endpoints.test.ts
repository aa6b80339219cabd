import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { waitFor } from '../../test/wait-for.ts';

/**
 * `npm start` must not serve the development outbox (every PIN and verification link) and the
 * development checkout helper to the whole network. Run the real process the way
 * `scripts/serve.mjs` does and try it as a neighbour on the network would.
 */

const API_ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(API_ROOT, 'node_modules/.bin/tsx');

/** Every address of this machine another machine could use to reach it. */
function networkAddresses(): { address: string; family: string }[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal)
    .map((entry) => ({ address: entry?.address ?? '', family: entry?.family ?? '' }))
    .filter((entry) => !entry.address.startsWith('fe80:'));
}

const hasIpv6Loopback = Object.values(os.networkInterfaces())
  .flat()
  .some((entry) => entry?.address === '::1');

const urlOf = (address: string, port: number) =>
  address.includes(':') ? `http://[${address}]:${port}` : `http://${address}:${port}`;

interface ApiProcess {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** `tsx src/main.ts` with only the variables given (plus a fresh database), as `npm start` runs. */
function runMain(env: Record<string, string>, dataDir: string): ApiProcess {
  const output: string[] = [];
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['HOST', 'PUBLIC_URL', 'NODE_ENV', 'DATABASE_URL', 'PORT'].includes(name),
    ),
  );
  const child = spawn(TSX, ['src/main.ts'], {
    cwd: API_ROOT,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      STATIC_ROOT: dataDir,
      DEMO_CUSTOMER: 'off',
      RETAILER_DEMO_TRAFFIC: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output, exited };
}

async function reachable(url: string): Promise<number | 'refused'> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    return response.status;
  } catch {
    return 'refused';
  }
}

describe('npm start with the default HOST [pglite]', () => {
  let dataDir: string;
  let port: number;
  let api: ApiProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-dev-endpoints-'));
    port = await freePort();
    // No HOST, no NODE_ENV, no PUBLIC_URL: exactly the README's `npm start`.
    api = runMain({ PORT: String(port) }, dataDir);
    await waitFor(
      async () => {
        if (api.child.exitCode !== null) throw new Error(`API exited:\n${api.output.join('')}`);
        return (await reachable(`http://127.0.0.1:${port}/api/health`)) === 200;
      },
      { timeoutMs: 90_000, intervalMs: 250, what: `the API on port ${port}` },
    );
  }, 120_000);

  afterAll(async () => {
    if (api && api.child.exitCode === null) api.child.kill('SIGTERM');
    await api?.exited;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers on http://localhost, 127.0.0.1 and ::1, development outbox included', async () => {
    const loopbacks = hasIpv6Loopback ? ['localhost', '127.0.0.1', '::1'] : ['127.0.0.1'];
    for (const host of loopbacks) {
      const base = host === 'localhost' ? `http://localhost:${port}` : urlOf(host, port);
      expect(await reachable(`${base}/api/health`), base).toBe(200);
      expect(await reachable(`${base}/api/dev/outbox`), base).toBe(200);
    }
  });

  it('cannot be reached from the network at all', async () => {
    const addresses = networkAddresses();
    // A machine with no network interface has nothing to prove here.
    for (const { address } of addresses) {
      expect(await reachable(`${urlOf(address, port)}/api/dev/outbox`), address).toBe('refused');
      const created = await fetch(`${urlOf(address, port)}/api/dev/checkout-sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(3_000),
      }).then(
        (response) => response.status,
        () => 'refused',
      );
      expect(created, address).toBe('refused');
    }
  });
});

describe('a server that would expose the development endpoints refuses to start', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-dev-refusal-'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    [
      { HOST: '0.0.0.0' },
      'HOST: NODE_ENV is development',
      'set NODE_ENV=production to listen on "0.0.0.0"',
    ],
    [{ HOST: '::', NODE_ENV: 'test' }, 'HOST: NODE_ENV is test', 'Leave HOST unset'],
    [
      { PUBLIC_URL: 'https://curbrun.example' },
      'PUBLIC_URL: NODE_ENV is development',
      'Use a localhost URL (http://localhost:<port>), or set NODE_ENV=production for "https://curbrun.example"',
    ],
  ])(
    '%j',
    async (env, named, advice) => {
      const api = runMain({ PORT: '0', ...env }, dataDir);
      expect(await api.exited).toBe(1);
      const output = api.output.join('');
      expect(output).toContain('Unsafe environment configuration');
      expect(output).toContain(named);
      expect(output).toContain(advice);
    },
    60_000,
  );
});

describeEachDatabase('development endpoints in production', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://curbrun.example' },
    });
  });
  afterAll(() => server?.close());

  it('do not exist, whatever the caller sends', async () => {
    const outbox = await server.fetch('/api/dev/outbox');
    expect(outbox.status).toBe(404);
    expect(await outbox.json()).toEqual({ message: 'Not found: GET /api/dev/outbox' });
    const created = await server.fetch('/api/dev/checkout-sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ retailerId: 'target', items: [] }),
    });
    expect(created.status).toBe(404);
    expect(await created.json()).toEqual({ message: 'Not found: POST /api/dev/checkout-sessions' });
  });
});
