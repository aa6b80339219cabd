import { existsSync } from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Every suite's database is a PGlite folder under the temp folder: on a RAM disk its writes cost
// no disk I/O (the suites on PGlite and PostgreSQL: 491 s -> 366 s, system time 190 s -> 65 s, on
// CI's 2 cores). Set here, before the workers start, so they inherit it.
if (!process.env.TMPDIR && existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';

// Files that replace a module with vi.mock: the replacement lives in the module cache, so they
// run isolated (their own fresh cache); every other file shares its worker's cache.
const MOCKING_FILES = ['src/curbside/arrival-validation.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // PGlite (WASM) and argon2 are not thread-friendly; one process per worker.
    pool: 'forks',
    // Suites mostly wait on PGlite and sockets; two at a time pays off even on a 2-core machine,
    // where vitest's default (cores - 1) would run them one by one.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A cold PGlite start plus migrations takes a couple of seconds on a busy 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The fault suite runs on its own (vitest.faults.config.ts, `test:faults`).
          exclude: [...MOCKING_FILES, 'test/faults/**'],
          // Importing the app (Fastify, Drizzle, the routes) costs every file seconds of a
          // worker; sharing the module cache pays it once per worker (docs/benchmarks.md,
          // "CI time"). Safe because every suite builds its own app and database
          // (test/harness.ts); module-level state is limited to constants.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'api-mocking', include: MOCKING_FILES, isolate: true },
      },
    ],
  },
});
