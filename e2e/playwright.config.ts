import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// The suite's servers keep their PGlite databases under the temp folder (server.mjs,
// fixtures/extra-server.ts): on a RAM disk their writes cost no disk I/O. Inherited by the
// web server and the workers.
if (!process.env.TMPDIR && existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';

// The production build served like `npm start` does, on its own port and a fresh database.
// E2E_PORT lets several suites run side by side; E2E_REUSE=1 reuses a server you started yourself.
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://localhost:${port}`;

const desktopChrome = { ...devices['Desktop Chrome'], channel: undefined };
const LONG_RUNNING = [
  '**/tracking.spec.ts',
  '**/retailer-sensitive.spec.ts',
  '**/refund-request.spec.ts',
  '**/retailer.spec.ts',
  '**/retailer-integration.spec.ts',
  '**/curbside.spec.ts',
  '**/auth.spec.ts',
  '**/deploy-canary.spec.ts',
];

export default defineConfig({
  testDir: './tests',
  // A seeded database for the extra servers to copy (fixtures/global-setup.ts).
  globalSetup: './fixtures/global-setup.ts',
  fullyParallel: false,
  // Three on two cores: a test waits on its page, the server or the simulated courier much of
  // the time, and a third worker fills those waits (docs/benchmarks.md, "CI time").
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // CI's run is CPU-starved (two browsers and a server on two cores): a signed-in page in a fresh
  // context can take several times as long to show its data as on an idle machine, though the
  // server answers at once. Longer waits there, the same assertions.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // One output folder per server port: suites run side by side never delete each other's traces.
  outputDir: `test-results/port-${port}`,
  use: {
    baseURL,
    // The site's service worker (ADR 018) answers requests itself, where `page.route` cannot see
    // them; the suites that intercept requests need it out of the way. The offline suites, which
    // test the worker, allow it (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    // A failed test keeps a trace (DOM snapshots and network; no screencast, whose filmstrip of
    // every test kept Chromium's compositor busy). Not under CI, which keeps only the printed log:
    // recording every action of every test there costs a good share of the browser suites' time
    // (docs/benchmarks.md, "CI time"), for files nobody can open. E2E_TRACE=1 records them under
    // CI too.
    trace:
      process.env.CI && !process.env.E2E_TRACE
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium; Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  // The files whose tests wait longest on the simulated courier, robot or review go first: run
  // in name order, the longest test could start last and leave the other workers waiting on it.
  // Playwright queues a project's files before the next project's.
  projects: [
    { name: 'chromium-long', testMatch: LONG_RUNNING, use: desktopChrome },
    { name: 'chromium', testIgnore: LONG_RUNNING, use: desktopChrome },
  ],
  webServer: {
    command: 'node server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      SIM_TIME_SCALE: process.env.SIM_TIME_SCALE ?? '0.1',
      // Every suite signs users in through the API from this one address (e2e/fixtures).
      AUTH_RATE_LIMIT_PER_MINUTE: process.env.AUTH_RATE_LIMIT_PER_MINUTE ?? '1000',
      // Warnings and errors only: a request log per asset would bury the test report in CI.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
  },
});
