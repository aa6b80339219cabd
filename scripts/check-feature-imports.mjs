#!/usr/bin/env node
// Feature folders do not import each other: a file in `<app>/src/features/<a>/`
// may import from its own feature, the app's `src/shared/` and packages, never from
// `src/features/<b>/`. Code two features need moves to `src/shared/`.
// Why not Biome: `noRestrictedImports` patterns match the specifier text, not the path it resolves
// to relative to the importing file's feature, so "any feature but my own" (b ≠ a) cannot be said
// without one override per feature; a GritQL plugin cannot see the importing file's path either.
// Plain Node, no dependencies, like the other root scripts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|tsx)$/;
// import … from '…', export … from '…', import '…', import('…'), vi.mock('…')
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\brequire\(\s*)(['"])([^'"\n]+)\1/g;

/** `{ app, feature }` when `file` (absolute) lies in `<app>/src/features/<feature>/`, else null. */
export function featureOf(file, root = ROOT) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts.length < 5 || parts[1] !== 'src' || parts[2] !== 'features') return null;
  return { app: parts[0], feature: parts[3] };
}

/** The imports in `text` (a file at `file`) that reach into another feature: `{ line, specifier }`. */
export function offendingImports(file, text, root = ROOT) {
  const own = featureOf(file, root);
  if (!own) return [];
  const found = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[2];
    if (!specifier.startsWith('.')) continue;
    const target = featureOf(path.resolve(path.dirname(file), specifier), root);
    // `features/<b>` itself (a folder import) resolves to 4 parts; treat it as inside <b> too.
    const folder = path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep);
    const targetFeature =
      target?.feature ??
      (folder.length === 4 && folder[1] === 'src' && folder[2] === 'features' ? folder[3] : null);
    if (targetFeature && targetFeature !== own.feature) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ line, specifier });
    }
  }
  return found;
}

function* sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(full);
    } else if (SOURCE.test(entry.name)) {
      yield full;
    }
  }
}

/** Every offending import under `root/*\/src/features/`, as `file:line  specifier` lines. */
export function check(root = ROOT) {
  const problems = [];
  for (const app of readdirSync(root, { withFileTypes: true })) {
    if (!app.isDirectory() || app.name === 'node_modules' || app.name.startsWith('.')) continue;
    for (const file of sourceFiles(path.join(root, app.name, 'src', 'features'))) {
      for (const { line, specifier } of offendingImports(file, readFileSync(file, 'utf8'), root)) {
        problems.push(`${path.relative(root, file)}:${line}  imports '${specifier}'`);
      }
    }
  }
  return problems;
}

/**
 * The checker checks itself first, on in-memory files, so a broken pattern cannot pass silently:
 * a cross-feature import (relative, re-export, dynamic, vi.mock) is found with its line; imports
 * inside the feature, into `src/shared/` and from packages are not.
 */
export function selfTest(root = '/repo') {
  const file = path.join(root, 'app/src/features/a/page.tsx');
  const text = [
    "import { x } from './x';",
    "import { Table } from '../../shared/table';",
    "import { z } from 'shared-ui';",
    "import { y } from '../b/y';",
    "export { w } from '../b';",
    "const lazy = () => import('../../features/c/page');",
    "vi.mock('../d/api', () => ({}));",
    "import { v } from './sub/../../a/v';",
  ].join('\n');
  const found = offendingImports(file, text, root).map(
    ({ line, specifier }) => `${line} ${specifier}`,
  );
  const expected = ['4 ../b/y', '5 ../b', '6 ../../features/c/page', '7 ../d/api'];
  if (JSON.stringify(found) !== JSON.stringify(expected)) {
    throw new Error(`check-feature-imports self-test: found ${JSON.stringify(found)}`);
  }
  if (
    offendingImports(path.join(root, 'app/src/shared/t.tsx'), "import '../features/a/x';", root)
      .length
  ) {
    throw new Error('check-feature-imports self-test: a file outside features/ was checked');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  selfTest();
  const problems = check();
  if (problems.length) {
    console.error('A feature imports another feature (move the shared code to src/shared/):');
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log('Feature imports: no feature imports another feature.');
}
