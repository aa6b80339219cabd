import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../free-port.ts';

/**
 * The server as `npm start` runs it: plain Node on the compiled bundle (api/dist/main.js, made
 * fresh by this suite's global setup), its own port and database, started and killed for real.
 */

const API_ROOT = path.resolve(import.meta.dirname, '../..');
// FAULT_API_BUNDLE: a copy of the bundle (beside dist/, so it finds the same packages) keeps a
// long full-scale run on one build while the source changes.
const BUNDLE = process.env.FAULT_API_BUNDLE
  ? path.resolve(process.env.FAULT_API_BUNDLE)
  : path.join(API_ROOT, 'dist', 'main.js');

export interface ApiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed, for the failure message. */
  output: string[];
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown hook, no flush, as a crash or an out-of-memory kill. */
  kill(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** DATA_DIR for PGlite, or with DATABASE_URL the folder of nothing in particular. */
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Reuse a port (a restart keeps its address, as behind a load balancer). */
  port?: number;
  timeoutMs?: number;
}

export async function startApi(options: StartOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      STATIC_ROOT: options.dataDir,
      LOG_LEVEL: 'warn',
      DEMO_CUSTOMER: 'off',
      RETAILER_DEMO_TRAFFIC: 'off',
      SERVER_RENDERING: 'off',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SENSITIVE_AUTH_WINDOW_SECONDS: '86400',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a cold start on a busy machine takes far longer than the second it takes alone.
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The API process exited while starting:\n${output.join('')}`);
    }
    const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => undefined,
    );
    if (health?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API process did not answer on ${url}:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    child,
    output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
