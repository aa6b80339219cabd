import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The fault suite (test/faults, docs/benchmarks.md "Faults"): real server processes killed,
// databases cut off, hostile bodies. Separate from `vitest run` so the scale can be chosen
// (FAULT_SCALE=full) and so its processes do not share the CPU with the timing-sensitive suites.
if (!process.env.TMPDIR && existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';

export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts', 'test/faults/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    hookTimeout: 120_000,
    testTimeout: 120_000,
  },
});
