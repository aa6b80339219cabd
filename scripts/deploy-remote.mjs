#!/usr/bin/env node
// `node scripts/deploy-remote.mjs <remote> <target-folder> [--from <dist-folder>]`
//
// Deploys one remote's build into a folder that a web server or CDN origin serves (issue 9,
// docs/deploy.md): checks that the build is complete, copies the content-hashed files first and
// replaces mf-manifest.json last (atomically), so a browser never reads a manifest whose files are
// not there yet. Files of earlier releases stay: pages opened before the deploy keep loading their
// chunks. The source defaults to the remote's build (`mfe-<remote>/dist`, or under DIST_ROOT).
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fail, ROOT } from './lib.mjs';

const REMOTES = ['marketing', 'customer', 'curbside', 'retailer'];
const MANIFEST = 'mf-manifest.json';
const HASHED = /\.[0-9a-f]{10}\./;
// The remote's Node build for server rendering (shared-build server-config.ts, issue 13).
const SERVER_FOLDER = 'server';

function parseArgs(argv) {
  const positional = [];
  let from;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--from') from = argv[++i];
    else positional.push(argv[i]);
  }
  const [remote, target] = positional;
  if (!REMOTES.includes(remote) || !target || (argv.includes('--from') && !from)) {
    fail(
      `Usage: node scripts/deploy-remote.mjs <${REMOTES.join('|')}> <target-folder> [--from <dist-folder>]`,
    );
  }
  const source =
    from ??
    path.join(
      process.env.DIST_ROOT ? path.resolve(process.env.DIST_ROOT) : ROOT,
      `mfe-${remote}`,
      'dist',
    );
  return { remote, target: path.resolve(target), source: path.resolve(source) };
}

async function exists(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function listFiles(dir, prefix = '') {
  const files = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/** Every problem that would make this build fail in a browser, or an empty list. */
export async function checkBuild(remote, source) {
  const problems = [];
  let manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(source, MANIFEST), 'utf8'));
  } catch (error) {
    return [
      `${path.join(source, MANIFEST)} cannot be read (${error.message}); build the remote first (node scripts/pnpm.mjs --filter mfe-${remote} build).`,
    ];
  }
  if (manifest.name !== remote) {
    problems.push(`the manifest is for "${manifest.name}", not "${remote}".`);
  }
  const entry = manifest.metaData?.remoteEntry;
  const needed = new Set();
  if (!entry?.name) problems.push('the manifest names no remote entry.');
  else needed.add(path.join(entry.path ?? '', entry.name));
  if (!manifest.exposes?.some((expose) => expose.path === './routes')) {
    problems.push('the manifest exposes no ./routes module.');
  }
  for (const item of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const kind of ['js', 'css']) {
      for (const file of [
        ...(item.assets?.[kind]?.sync ?? []),
        ...(item.assets?.[kind]?.async ?? []),
      ]) {
        needed.add(file);
      }
    }
  }
  for (const file of needed) {
    if (!(await exists(path.join(source, file))))
      problems.push(`${file} is listed in the manifest but missing.`);
    else if (!HASHED.test(path.basename(file))) {
      problems.push(`${file} has no content hash in its name, so it cannot be cached safely.`);
    }
  }
  return problems;
}

async function main() {
  const { remote, target, source } = parseArgs(process.argv.slice(2));
  const problems = await checkBuild(remote, source);
  if (problems.length) {
    fail(`Not deploying mfe-${remote} from ${source}:\n  - ${problems.join('\n  - ')}`);
  }
  const files = await listFiles(source);
  const isManifest = (file) => file === MANIFEST || file.startsWith(`${MANIFEST}.`);
  await mkdir(target, { recursive: true });

  // 1. Everything the new manifest points at. Hashed files never change under their name, so one
  //    already there is the same file and is left alone.
  let copied = 0;
  let kept = 0;
  for (const file of files.filter((name) => !isManifest(name))) {
    const to = path.join(target, file);
    if (HASHED.test(path.basename(file)) && (await exists(to))) {
      kept += 1;
      continue;
    }
    await mkdir(path.dirname(to), { recursive: true });
    if (file.startsWith(`${SERVER_FOLDER}${path.sep}`)) {
      // The Node build keeps its name: swapped in whole, so the server never loads half a file.
      const temporary = `${to}.${process.pid}.tmp`;
      await copyFile(path.join(source, file), temporary);
      await rename(temporary, to);
    } else {
      await copyFile(path.join(source, file), to);
    }
    copied += 1;
  }
  // A build without a Node build (server rendering off for it) must not leave an older release's
  // behind: the server would render that release while browsers load this one.
  if (!files.some((file) => file.startsWith(`${SERVER_FOLDER}${path.sep}`))) {
    await rm(path.join(target, SERVER_FOLDER), { recursive: true, force: true });
  }
  // 2. The manifest last, each copy swapped in by a rename (never half-written); the plain JSON
  //    after its .gz/.br siblings.
  const manifests = files.filter(isManifest).sort((a, b) => (a === MANIFEST) - (b === MANIFEST));
  for (const file of manifests) {
    const to = path.join(target, file);
    const temporary = `${to}.${process.pid}.tmp`;
    await copyFile(path.join(source, file), temporary);
    await rename(temporary, to);
  }
  console.log(
    `Deployed mfe-${remote} to ${target}: ${copied} files copied, ${kept} already there, manifest replaced.`,
  );
}

await main();
