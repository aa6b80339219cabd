#!/usr/bin/env node
// `npm test`: install what is missing, then lint, type-check, unit tests, API integration tests
// (PGlite, and PostgreSQL when reachable; required when CI is set), production build, a check that
// `npm run dev` starts, the fault suite at a small scale, Playwright.
// Independent stages run side by side (scripts/stages.mjs) and the stage times are printed last.
import { existsSync } from 'node:fs';
import { checkNode, fail, install, log, must, pnpm, run } from './lib.mjs';
import { pnpmStage, printTimings, sideBySide, stage } from './stages.mjs';

const CHROMIUM = '/usr/bin/chromium';

async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  // Browsers are never downloaded by a test tool: Debian's package it is.
  if (process.getuid?.() !== 0) {
    fail(
      `Chromium is missing: run "sudo apt-get install -y chromium" (needs ${CHROMIUM}), then npm test again.`,
    );
  }
  log('Installing Debian chromium for Playwright');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['install', '-y', 'chromium'], { env })) !== 0) {
    await must('apt-get update', run('apt-get', ['update'], { env }));
    await must('apt-get install chromium', run('apt-get', ['install', '-y', 'chromium'], { env }));
  }
}

// The deployment suite runs docs/deploy/nginx.conf.template against the build; without
// nginx that one spec skips itself and says why, so a missing nginx is a warning, not a failure.
async function ensureNginx() {
  const found = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].some(existsSync);
  if (found) return;
  if (process.getuid?.() !== 0) {
    log('nginx is missing: the nginx deployment test will skip (sudo apt-get install -y nginx)');
    return;
  }
  log('Installing Debian nginx for the deployment test');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['install', '-y', 'nginx'], { env })) !== 0) {
    await run('apt-get', ['update'], { env });
    if ((await run('apt-get', ['install', '-y', 'nginx'], { env })) !== 0) {
      log('nginx could not be installed: the nginx deployment test will skip');
    }
  }
}

const startedAt = Date.now();
checkNode();
await install();
await ensureChromium();
await ensureNginx();

log('Lint and format check (Biome)');
await must('Lint', pnpm(['exec', 'biome', 'check', '.']));
// Features do not import each other; Biome cannot say "any feature but this
// one", so a plain script checks it (scripts/check-feature-imports.mjs says why).
log('Feature imports');
await must('Feature imports', run('node', ['scripts/check-feature-imports.mjs']));
// The API's folders, config.ts and scripts/ import one way only (the script says which way).
log('Import directions');
await must('Import directions', run('node', ['scripts/check-import-directions.mjs']));
// Comments, test titles and docs cite no tracker numbers and no notes outside the repository.
log('Comment citations');
await must('Comment citations', run('node', ['scripts/check-comments.mjs']));
// Font sizes and weights are steps of the theme's type scale (the script says why).
log('Type scale');
await must('Type scale', run('node', ['scripts/check-type-scale.mjs']));

// The first phase runs side by side to keep both cores busy: type-checking,
// unit tests and the production build do not depend on each other; the API suites and the
// browser suites run one after the other (below).
// The build is made once and the Playwright suites reuse it.
log(
  'Type-check, unit and component tests, production build and budget, dev servers (side by side)',
);
const firstFailures = await sideBySide([
  () =>
    pnpmStage('Type-check', ['-r', '--workspace-concurrency=2', 'typecheck'], { buffered: true }),
  () =>
    pnpmStage(
      'Unit tests',
      ['-r', '--workspace-concurrency=2', '--filter', '!api', '--filter', '!e2e', 'test'],
      { buffered: true },
    ),
  // The same build as `npm run build` (scripts/build.mjs), whatever it comes to include; then
  // first-load JavaScript of / and every public route against its budget, on that build (prints
  // the chunk table either way), beside the fault suite at a small scale (api/test/faults: the
  // compiled server killed under writes, its database cut off and restored, hostile bodies to
  // every JSON route; `pnpm --filter api faults:full` runs the benchmark figures). The fault
  // suite runs the build's server, and its limits are hang guards, not timings, so it can share
  // the CPU: both end about when the unit tests do instead of adding their own time.
  async () => {
    const build = await stage('Build', 'node', ['scripts/build.mjs'], { buffered: true });
    if (build.exitCode !== 0) return build;
    return Promise.all([
      stage('Bundle budget', 'node', ['scripts/check-bundle-budget.mjs'], { buffered: true }),
      pnpmStage('Fault suite', ['--filter', 'api', 'test:faults'], { buffered: true }),
    ]);
  },
  // The README's development command starts: `npm run dev` serves 3000-3004 and the shell proxies
  // /api to the API on 8080 (scripts/check-dev.mjs stops it again). Here, not beside Playwright,
  // whose server and the dev API would both want the database and ports of their own.
  () => stage('Dev servers', 'node', ['scripts/check-dev.mjs'], { buffered: true }),
]);
if (firstFailures.length) {
  printTimings(startedAt);
  const overBudget = firstFailures.includes('Bundle budget')
    ? ' The bundle budget: first-load JavaScript is over budget (its table above).'
    : '';
  fail(`${firstFailures.join(', ')} failed.${overBudget}`);
}

// One after the other, not side by side: both suites time simulated steps against the wall
// clock, and on a slow machine the two together leave too little CPU for either, so timing tests
// fail that pass alone. This costs CI time (about the Playwright suite's length), well within
// its limit.
log('API integration tests (real server, real databases)');
const apiFailed =
  (await pnpmStage('API tests', ['--filter', 'api', 'test'], { buffered: true })).exitCode !== 0;
log('Browser tests (Playwright)');
const browserFailed =
  (await pnpmStage('Playwright', ['--filter', 'e2e', 'e2e'], { buffered: true })).exitCode !== 0;
printTimings(startedAt);
const secondFailures = [apiFailed && 'API tests', browserFailed && 'Playwright'].filter(Boolean);
if (secondFailures.length) fail(`${secondFailures.join(', ')} failed.`);

log('All tests passed');
