// What the benchmark scripts share for the servers they start: a free loopback port (or a check
// that a chosen one is free), and waiting until a server answers /api/health (failing at once
// when the process exits instead).
import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now. `BENCH_PORTS=8300-8399` keeps it inside that range (on
 * a shared machine each user keeps to their own ports); otherwise any port the system picks.
 */
export async function freePort() {
  const range = process.env.BENCH_PORTS?.match(/^(\d+)-(\d+)$/);
  if (!range) return listenOn(0);
  const [first, last] = [Number(range[1]), Number(range[2])];
  // A random start, so two scripts of the same user rarely race for the same port.
  const offset = Math.floor(Math.random() * (last - first + 1));
  for (let index = 0; index <= last - first; index += 1) {
    const port = first + ((offset + index) % (last - first + 1));
    const free = await listenOn(port).catch(() => undefined);
    if (free) return free;
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

function listenOn(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => {
      const { port: bound } = probe.address();
      probe.close(() => resolve(bound));
    });
  });
}

/** Throws when something already listens on `port` of 127.0.0.1 (a server there would answer for ours). */
export function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => reject(new Error(`port ${port} is in use`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * Resolves once `${baseUrl}/api/health` answers 200; throws when `child` exits first or after
 * `timeoutMs`. `intervalMs` is the polling step (start-up timings use a short one).
 */
export async function waitForHealth(
  baseUrl,
  child,
  { timeoutMs = 120_000, intervalMs = 250 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode} while starting`);
    }
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) {
      throw new Error(`${baseUrl} did not answer /api/health within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
