// The non-federated reference of ADR 012: the same site with the remotes' routes bundled into the
// shell by Rspack alone (FEDERATION=off, shared-build/src/reference-config.ts), built beside the
// federated build so the benchmarks can measure what Module Federation itself costs a first visit.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startProductionServer } from '../../scripts/lib/first-load.mjs';

const REMOTE_FOLDERS = ['mfe-marketing', 'mfe-customer', 'mfe-curbside', 'mfe-retailer'];

/**
 * Builds the reference shell into `root` (default `.bench/reference`, ignored by git) and links
 * the federated build's remote folders beside it: the server renders each page with the remotes'
 * Node builds exactly as for the federated site, so both serve the same HTML and differ only in
 * the JavaScript the browser loads. Returns the folder to serve as STATIC_ROOT.
 */
export async function buildReference({
  federatedRoot = REPO_ROOT,
  root = path.join(REPO_ROOT, '.bench/reference'),
} = {}) {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const folder of REMOTE_FOLDERS) {
    const target = path.resolve(federatedRoot, folder);
    if (!existsSync(path.join(target, 'dist'))) {
      throw new Error(`${folder} is not built in ${federatedRoot}: run npm run build first.`);
    }
    symlinkSync(target, path.join(root, folder), 'dir');
  }
  const code = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build.mjs', 'shell'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DIST_ROOT: root, FEDERATION: 'off', NODE_ENV: 'production' },
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the reference build failed (exit code ${code})`);
  return root;
}

/**
 * Starts the production server over the federated build (`STATIC_ROOT` / `DIST_ROOT`, default the
 * repository's) and, unless `REFERENCE=off`, over the reference (`REFERENCE_ROOT` as it is, or one
 * built now). `ports` pins their ports in that order (default: free ones). Returns
 * `[{ name, staticRoot, server }]`; on failure the servers already started are stopped.
 */
export async function startBuilds({ ports = [] } = {}) {
  const federatedRoot = process.env.STATIC_ROOT ?? process.env.DIST_ROOT;
  const builds = [{ name: 'federated', staticRoot: federatedRoot }];
  if (process.env.REFERENCE !== 'off') {
    const referenceRoot = process.env.REFERENCE_ROOT ?? (await buildReference({ federatedRoot }));
    builds.push({ name: 'reference', staticRoot: referenceRoot });
  }
  try {
    for (const [index, build] of builds.entries()) {
      build.server = await startProductionServer({
        staticRoot: build.staticRoot,
        port: ports[index],
      });
    }
  } catch (error) {
    await stopBuilds(builds);
    throw error;
  }
  return builds;
}

/** Stops what `startBuilds` started. */
export async function stopBuilds(builds) {
  for (const build of builds) await build.server?.stop();
}
