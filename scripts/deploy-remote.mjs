#!/usr/bin/env node
// `node scripts/deploy-remote.mjs <remote> <target-folder> [--from <dist-folder>] [--canary <percent>]`
// `node scripts/deploy-remote.mjs <remote> <target-folder> --promote | --rollback`
//
// Deploys one remote's build (default `mfe-<remote>/dist`, or under DIST_ROOT) into a folder a
// web server or CDN origin serves, as docs/deploy.md describes: the content-hashed files first,
// mf-manifest.json last and atomically, so a browser never reads a manifest whose files are
// missing, and every build published as a release for canaries (ADR 019).
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fail, ROOT } from './lib.mjs';

const REMOTES = ['marketing', 'customer', 'curbside', 'retailer'];
const MANIFEST = 'mf-manifest.json';
const HASHED = /\.[0-9a-f]{10}\./;
// The remote's Node build for server rendering (shared-build server-config.ts).
const SERVER_FOLDER = 'server';
const SERVER_BUNDLE = path.join(SERVER_FOLDER, 'routes.js');
const PAGE_CHUNKS = 'page-chunks.json';
// Where each release's own files and the registry's commands go (api/src/releases/layout.ts).
const RELEASES_FOLDER = 'releases';
const COMMANDS_FOLDER = path.join(RELEASES_FOLDER, 'commands');
// Commands the folder keeps; the API has applied older ones long before.
const COMMANDS_KEPT = 50;

const USAGE = [
  'Usage:',
  `  node scripts/deploy-remote.mjs <${REMOTES.join('|')}> <target-folder> [--from <dist-folder>] [--canary <percent>]`,
  `  node scripts/deploy-remote.mjs <${REMOTES.join('|')}> <target-folder> --promote | --rollback`,
].join('\n');

function parseArgs(argv) {
  const positional = [];
  let from;
  let canary;
  let action = 'release';
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--from') from = argv[++i] ?? '';
    else if (argv[i] === '--canary') {
      canary = argv[++i] ?? '';
      action = action === 'release' ? 'canary' : 'conflict';
    } else if (argv[i] === '--promote' || argv[i] === '--rollback') {
      action = action === 'release' ? argv[i].slice(2) : 'conflict';
    } else positional.push(argv[i]);
  }
  const [remote, target, ...extra] = positional;
  if (!REMOTES.includes(remote) || !target || extra.length > 0 || from === '') fail(USAGE);
  if (action === 'conflict') fail(`Give one of --canary, --promote and --rollback.\n${USAGE}`);
  if ((action === 'promote' || action === 'rollback') && from !== undefined) {
    fail(`--${action} deploys no build: leave out --from.\n${USAGE}`);
  }
  let percent;
  if (action === 'canary') {
    percent = Number(canary);
    if (!/^\d{1,3}$/.test(canary) || percent < 1 || percent > 100) {
      fail(
        `--canary takes the percent of visitors who get the new build, 1 to 100 (got ${JSON.stringify(canary)}).`,
      );
    }
  }
  const source =
    from ??
    path.join(
      process.env.DIST_ROOT ? path.resolve(process.env.DIST_ROOT) : ROOT,
      `mfe-${remote}`,
      'dist',
    );
  return { remote, target: path.resolve(target), source: path.resolve(source), action, percent };
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

/** `file`'s bytes, or undefined when it does not exist. */
async function readIfThere(file) {
  try {
    return await readFile(file);
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * A build's release id: the first 10 hex digits of the SHA-256 of its manifest, page chunks and
 * Node build, so deploying the same build twice is the same release.
 */
export async function releaseIdOf(folder) {
  const hash = createHash('sha256');
  for (const file of [MANIFEST, PAGE_CHUNKS, SERVER_BUNDLE]) {
    const bytes = await readIfThere(path.join(folder, file));
    hash.update(`${file}:${bytes ? bytes.length : -1}:`);
    if (bytes) hash.update(bytes);
  }
  return hash.digest('hex').slice(0, 10);
}

/** Copies a file into place by a rename, so no reader ever sees half of it. */
async function copyAtomically(from, to) {
  await mkdir(path.dirname(to), { recursive: true });
  const temporary = `${to}.${process.pid}.tmp`;
  await copyFile(from, temporary);
  await rename(temporary, to);
}

/**
 * The release's own files in the target, taken from `from` (the build, or the target's own
 * stable files when adopting them): page chunks and Node build first, the manifest (and its
 * compressed copies) last, since the API takes a release as deployed once its manifest is there.
 */
async function publishRelease(from, target, release) {
  const folder = path.join(target, RELEASES_FOLDER, release);
  for (const file of [PAGE_CHUNKS, SERVER_BUNDLE]) {
    if (await exists(path.join(from, file))) {
      await copyAtomically(path.join(from, file), path.join(folder, file));
    }
  }
  const named = `mf-manifest.${release}.json`;
  for (const suffix of ['.br', '.gz', '']) {
    if (await exists(path.join(from, `${MANIFEST}${suffix}`))) {
      await copyAtomically(
        path.join(from, `${MANIFEST}${suffix}`),
        path.join(target, `${named}${suffix}`),
      );
    }
  }
}

/**
 * The target's stable build as a release, published if it was deployed before releases were
 * recorded (its manifest has no per-release copy yet); undefined when the folder has no build.
 */
async function adoptCurrent(target) {
  if (!(await exists(path.join(target, MANIFEST)))) return undefined;
  const current = await releaseIdOf(target);
  if (!(await exists(path.join(target, `mf-manifest.${current}.json`)))) {
    await publishRelease(target, target, current);
  }
  return current;
}

/** `<UTC time to the ms>-<random>`: command files sort in the order they were written. */
function commandId(now = new Date()) {
  const time = now.toISOString().replace(/[-:.]/g, '');
  return `${time}-${randomBytes(4).toString('hex')}`;
}

/** Writes a command for the API's release registry, and keeps the newest COMMANDS_KEPT. */
async function writeCommand(target, command) {
  const folder = path.join(target, COMMANDS_FOLDER);
  await mkdir(folder, { recursive: true });
  const id = commandId();
  const file = path.join(folder, `${id}.json`);
  const body = { id, issuedAt: new Date().toISOString(), ...command };
  await writeFile(`${file}.${process.pid}.tmp`, `${JSON.stringify(body, null, 2)}\n`);
  await rename(`${file}.${process.pid}.tmp`, file);
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  for (const old of names.slice(0, Math.max(0, names.length - COMMANDS_KEPT))) {
    await rm(path.join(folder, old), { force: true });
  }
  return id;
}

const APPLIED_SOON =
  'The API serving this folder applies it within a few seconds; `node scripts/releases.mjs` shows it.';

async function main() {
  const { remote, target, source, action, percent } = parseArgs(process.argv.slice(2));
  if (action === 'promote' || action === 'rollback') {
    const current = await adoptCurrent(target);
    if (!current) fail(`${target} holds no deployed build of mfe-${remote} (no ${MANIFEST}).`);
    await writeCommand(target, { remote, action, current });
    console.log(
      action === 'promote'
        ? `Asked to promote the canary of mfe-${remote} in ${target}. ${APPLIED_SOON}`
        : `Asked to roll back mfe-${remote} in ${target}: its canary, or with none its stable release. ${APPLIED_SOON}`,
    );
    return;
  }
  const problems = await checkBuild(remote, source);
  if (problems.length) {
    fail(`Not deploying mfe-${remote} from ${source}:\n  - ${problems.join('\n  - ')}`);
  }
  const release = await releaseIdOf(source);
  await mkdir(target, { recursive: true });
  const current = await adoptCurrent(target);
  const files = await listFiles(source);
  const isManifest = (file) => file === MANIFEST || file.startsWith(`${MANIFEST}.`);
  const isReleaseFile = (file) =>
    file.startsWith(`${RELEASES_FOLDER}${path.sep}`) ||
    /^mf-manifest\.[0-9a-f]{10}\.json/.test(file);
  // A canary leaves everything of the stable build in place: only hashed files (new names, or the
  // same bytes under a name already there) and its own release files are written.
  const isStableFile = (file) =>
    isManifest(file) ||
    !HASHED.test(path.basename(file)) ||
    file.startsWith(`${SERVER_FOLDER}${path.sep}`);
  const samePlace = source === target;

  // 1. Everything the new manifest points at. Hashed files never change under their name, so one
  //    already there is the same file and is left alone.
  let copied = 0;
  let kept = 0;
  for (const file of files.filter((name) => !isManifest(name) && !isReleaseFile(name))) {
    if (action === 'canary' && isStableFile(file)) continue;
    const to = path.join(target, file);
    if (samePlace || (HASHED.test(path.basename(file)) && (await exists(to)))) {
      kept += 1;
      continue;
    }
    await mkdir(path.dirname(to), { recursive: true });
    if (file.startsWith(`${SERVER_FOLDER}${path.sep}`)) {
      // The Node build keeps its name: swapped in whole, so the server never loads half a file.
      await copyAtomically(path.join(source, file), to);
    } else {
      await copyFile(path.join(source, file), to);
    }
    copied += 1;
  }
  // 2. The release's own files: its page chunks and Node build, then its manifest.
  await publishRelease(source, target, release);
  if (action === 'canary') {
    await writeCommand(target, {
      remote,
      action,
      release,
      percent,
      ...(current ? { current } : {}),
    });
    console.log(
      `Deployed mfe-${remote} release ${release} to ${target} as a canary for ${percent}% of visitors ` +
        `(${copied} files copied, ${kept} already there; the stable build is untouched). ${APPLIED_SOON}`,
    );
    return;
  }
  // A build without a Node build (server rendering off for it) must not leave an older release's
  // behind: the server would render that release while browsers load this one.
  if (!samePlace && !files.some((file) => file.startsWith(`${SERVER_FOLDER}${path.sep}`))) {
    await rm(path.join(target, SERVER_FOLDER), { recursive: true, force: true });
  }
  // 3. The manifest last, each copy swapped in by a rename (never half-written); the plain JSON
  //    after its .gz/.br siblings.
  const manifests = files.filter(isManifest).sort((a, b) => (a === MANIFEST) - (b === MANIFEST));
  for (const file of samePlace ? [] : manifests) {
    await copyAtomically(path.join(source, file), path.join(target, file));
  }
  await writeCommand(target, { remote, action: 'release', release });
  console.log(
    `Deployed mfe-${remote} release ${release} to ${target}: ${copied} files copied, ${kept} already there, manifest replaced. ${APPLIED_SOON}`,
  );
}

await main();
