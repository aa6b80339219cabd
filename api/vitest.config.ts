import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // PGlite (WASM) and argon2 are not thread-friendly; one process per test file.
    pool: 'forks',
    // Suites mostly wait on PGlite and sockets; two at a time pays off even on a 2-core machine,
    // where vitest's default (cores - 1) would run them one by one.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A cold PGlite start plus migrations takes a couple of seconds on a busy 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
