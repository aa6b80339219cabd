#!/usr/bin/env node
// `npm test`: install what is missing, then lint, type-check, unit tests, API integration tests
// (PGlite, and PostgreSQL when reachable; required when CI is set), production build, Playwright.
import { existsSync } from 'node:fs';
import { buildApps, checkNode, fail, install, log, must, pnpm, run } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  // Browsers are never downloaded by a test tool (DESIGN.md section 3): Debian's package it is.
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

// The deployment suite runs docs/deploy/nginx.conf.template against the build (issue 9); without
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

checkNode();
await install();
await ensureChromium();
await ensureNginx();

log('Lint and format check (Biome)');
await must('Lint', pnpm(['exec', 'biome', 'check', '.']));

log('Type-check every package');
await must('Type-check', pnpm(['-r', '--workspace-concurrency=2', 'typecheck']));

log('Unit and component tests');
await must(
  'Unit tests',
  pnpm(['-r', '--workspace-concurrency=1', '--filter', '!api', '--filter', '!e2e', 'test']),
);

log('API integration tests (real server, real databases)');
await must('API tests', pnpm(['--filter', 'api', 'test']));

await buildApps();

log('Browser tests (Playwright, Debian chromium, production build)');
await must('Playwright', pnpm(['--filter', 'e2e', 'e2e']));

log('All tests passed');
