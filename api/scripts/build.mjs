#!/usr/bin/env node
// Compiles the server for production: one ES module, api/dist/main.js, bundled by
// esbuild from src/main.ts with shared-contracts (TypeScript source) inlined and every other
// package left to node_modules. `npm start` and `pnpm --filter api start` run it with plain Node,
// so no TypeScript is transpiled at start-up; `pnpm --filter api dev` keeps tsx watch.
//
// The bundle sits two folders below the repository root, like src/config.ts, whose REPO_ROOT
// (computed from import.meta.url) locates .data/, the static site and api/drizzle.
import { statSync } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_BUNDLE = path.join(API_ROOT, 'dist', 'main.js');

// What the bundle is made of: a change to any of these makes it stale.
const SOURCES = [
  path.join(API_ROOT, 'src'),
  path.join(API_ROOT, '..', 'shared-contracts', 'src'),
  path.join(API_ROOT, 'package.json'),
  path.join(API_ROOT, 'scripts', 'build.mjs'),
];

export async function buildApi() {
  // Loaded here: serving an up-to-date bundle needs no build tool.
  const { build } = await import('esbuild');
  const result = await build({
    // Written below through a temporary file and a rename: a server starting meanwhile (two e2e
    // servers, each finding the bundle stale) reads the old bundle or the new one, never half.
    write: false,
    entryPoints: [path.join(API_ROOT, 'src', 'main.ts')],
    outfile: API_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        // Packages stay external (native modules, PGlite's data files, one copy of each), except
        // the workspace's TypeScript-source contracts, which Node could not load.
        name: 'external-packages',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path === 'shared-contracts' || args.path.startsWith('shared-contracts/')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  await mkdir(path.dirname(API_BUNDLE), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
}

async function newestChange(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of await readdir(target, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Whether api/dist/main.js is missing or older than a file it is built from. */
export async function apiBuildIsStale() {
  const built = statSync(API_BUNDLE, { throwIfNoEntry: false });
  if (!built) return true;
  for (const source of SOURCES) {
    if ((await newestChange(source)) > built.mtimeMs) return true;
  }
  return false;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildApi();
  console.log(
    `api: built ${path.relative(process.cwd(), API_BUNDLE)} in ${Math.round(performance.now() - started)} ms`,
  );
}
