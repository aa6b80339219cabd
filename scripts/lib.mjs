// Helpers shared by the root scripts (start, test, dev). Plain Node, no dependencies: these run
// before anything is installed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { packageManager } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
);

export const APPS = ['shell', 'mfe-marketing', 'mfe-customer', 'mfe-curbside', 'mfe-retailer'];

export function log(message) {
  console.log(`\n\u001b[1m▶ ${message}\u001b[0m`);
}

export function fail(message) {
  console.error(`\n\u001b[31m✖ ${message}\u001b[0m`);
  process.exit(1);
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(`Node >= 20.19 is required (found ${process.versions.node}).`);
  }
}

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs the pinned pnpm through npx (Corepack cannot verify the registry's signatures here). */
export function pnpm(args, options = {}) {
  return run('npx', ['--yes', packageManager, ...args], {
    ...options,
    env: { ...process.env, npm_config_update_notifier: 'false', ...options.env },
  });
}

export async function must(step, promise) {
  const code = await promise;
  if (code !== 0) fail(`${step} failed (exit code ${code}).`);
}

// Set once this process has installed, and so inherited by every script it starts.
const INSTALLED_ENV = 'CURBRUN_DEPENDENCIES_INSTALLED';

export async function install() {
  // Once per run: `npm test` runs stages side by side, and one of them starts `npm run dev`
  // (check-dev.mjs), whose own install would relink node_modules/.bin while the type-check runs
  // `tsc` from there ("tsc: Permission denied").
  if (process.env[INSTALLED_ENV] === '1') return;
  log('Installing dependencies (pnpm, frozen lockfile)');
  await must('pnpm install', pnpm(['install', '--frozen-lockfile', '--prefer-offline']));
  process.env[INSTALLED_ENV] = '1';
}

/**
 * Production build of the named apps and, always, of the API (compiled to api/dist/main.js, about
 * a second; the server is built from the same tree whatever DIST_ROOT says).
 */
export async function buildApps(apps = APPS) {
  log(`Building ${apps.join(', ')} and the API (production)`);
  const filters = [...apps, 'api'].flatMap((app) => ['--filter', app]);
  await must(
    'Build',
    pnpm(['-r', '--workspace-concurrency=2', ...filters, 'build'], {
      env: { ...process.env, NODE_ENV: 'production' },
    }),
  );
}
