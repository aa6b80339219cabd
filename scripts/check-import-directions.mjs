#!/usr/bin/env node
// Folders that depend on each other one way only, so the code reads top-down:
// - the API's folders (`api/src/<domain>/`, `http/`, `ssr/`, ...) never import each other in a
//   circle, directly (a pair) or through others: code two domains need moves down, or the two
//   become one domain (api/src/domains.ts lists the layers);
// - `api/src/config.ts`, the ground floor, imports nothing of the API;
// - `scripts/` never imports `e2e/`: the tests use the scripts (e2e/server.mjs starts
//   scripts/serve.mjs), and what both need lives in scripts/lib/.
// Test files (`*.test.ts`) are left out: a test may set up data through any domain.
// Plain Node, no dependencies, like check-feature-imports.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(?:ts|tsx|mjs|js)$/;
// import … from '…', export … from '…', import '…', import('…')
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;

/** The relative specifiers of `text`, with their line numbers. */
function relativeImports(text) {
  const found = [];
  for (const match of text.matchAll(SPECIFIER)) {
    if (!match[2].startsWith('.')) continue;
    found.push({ specifier: match[2], line: text.slice(0, match.index).split('\n').length });
  }
  return found;
}

/** `a/b/c.ts` → its folder under `base` (`a`), or the file itself when it lies in `base`. */
function unitOf(relative) {
  const parts = relative.split('/');
  return parts.length > 1 ? parts[0] : relative;
}

/**
 * The API's import graph between its top-level units (folders, and files such as config.ts):
 * `Map<from, Map<to, string[]>>`, each edge with the `file:line` of its imports.
 * `files` maps paths relative to `api/src` to their text.
 */
export function apiGraph(files) {
  const graph = new Map();
  for (const [file, text] of files) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = unitOf(file);
    for (const { specifier, line } of relativeImports(text)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const to = unitOf(target);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(`${file}:${line}`);
    }
  }
  return graph;
}

/** The groups of units that import each other in a circle (Tarjan's strongly connected components). */
export function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (unit) => {
    index.set(unit, next);
    low.set(unit, next);
    next += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const to of graph.get(unit)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(unit, Math.min(low.get(unit), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(unit, Math.min(low.get(unit), index.get(to)));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== unit);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  return found;
}

/** One line per problem of the API's graph (`files`: paths relative to api/src → text). */
export function apiProblems(files) {
  const graph = apiGraph(files);
  const problems = [];
  for (const group of circles(graph)) {
    const members = new Set(group);
    const edges = group.flatMap((from) =>
      [...(graph.get(from) ?? new Map())]
        .filter(([to]) => members.has(to))
        .map(([to, at]) => `${from} -> ${to} (${at[0]}${at.length > 1 ? ', …' : ''})`),
    );
    problems.push(`api/src: ${group.join(', ')} import each other: ${edges.join('; ')}`);
  }
  for (const [to, at] of graph.get('config.ts') ?? []) {
    problems.push(
      `api/src/config.ts imports ${to} (${at.join(', ')}): configuration is the ground floor`,
    );
  }
  return problems;
}

/** One line per import from scripts/ into e2e/ (`files`: paths relative to the root → text). */
export function scriptProblems(files) {
  const problems = [];
  for (const [file, text] of files) {
    for (const { specifier, line } of relativeImports(text)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (target === 'e2e' || target.startsWith('e2e/')) {
        problems.push(`${file}:${line} imports '${specifier}': scripts/ must not import e2e/`);
      }
    }
  }
  return problems;
}

/** Source files under `dir` (node_modules skipped), as `Map<path relative to dir, text>`. */
function readTree(dir) {
  const files = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (SOURCE.test(entry.name)) {
        files.set(path.relative(dir, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
      }
    }
  };
  walk(dir);
  return files;
}

/** Every problem in the repository at `root`. */
export function check(root = ROOT) {
  const scripts = new Map(
    [...readTree(path.join(root, 'scripts'))].map(([file, text]) => [`scripts/${file}`, text]),
  );
  return [...apiProblems(readTree(path.join(root, 'api', 'src'))), ...scriptProblems(scripts)];
}

/**
 * The checker checks itself first, on in-memory files, so a broken pattern cannot pass silently:
 * a pair and a longer circle of folders are found, a one-way import and a test's import are not;
 * config.ts importing a domain is found; a script importing e2e/ is found, e2e importing scripts
 * is not looked at.
 */
export function selfTest() {
  const api = new Map([
    ['payments/service.ts', "import { credit } from '../wallet/ledger.ts';"],
    ['wallet/ledger.ts', "import type { Row } from '../payments/schema.ts';"],
    ['a/x.ts', "export { y } from '../b/y.ts';"],
    ['b/y.ts', "const z = () => import('../c/z.ts');"],
    ['c/z.ts', "import '../a/x.ts';"],
    ['d/one-way.ts', "import { w } from '../payments/service.ts';\nimport { v } from './v.ts';"],
    ['stores/service.ts', "import { q } from 'shared-contracts/stores';"],
    ['stores/routes.test.ts', "import { d } from '../d/one-way.ts';"],
    ['d/uses-stores.ts', "import { s } from '../stores/service.ts';"],
    ['config.ts', "import path from 'node:path';\nimport { limits } from './realtime/limits.ts';"],
  ]);
  const found = apiProblems(api);
  const expected = [
    'api/src: payments, wallet import each other: payments -> wallet (payments/service.ts:1); wallet -> payments (wallet/ledger.ts:1)',
    'api/src: a, b, c import each other: a -> b (a/x.ts:1); b -> c (b/y.ts:1); c -> a (c/z.ts:1)',
    'api/src/config.ts imports realtime (config.ts:2): configuration is the ground floor',
  ];
  if (JSON.stringify([...found].sort()) !== JSON.stringify([...expected].sort())) {
    throw new Error(`check-import-directions self-test: found ${JSON.stringify(found)}`);
  }
  // Quoted at run time, so this file's own text holds no import of e2e/ for the check to find.
  const quoted = (specifier) => `'${specifier}'`;
  const scripts = scriptProblems(
    new Map([
      ['scripts/budget.mjs', `import { measure } from ${quoted('../e2e/bench/lib.mjs')};`],
      ['scripts/lib/x.mjs', `import { y } from './y.mjs';\nimport ${quoted('../../e2e/z.mjs')};`],
      ['scripts/ok.mjs', "import { run } from './lib/run.mjs';"],
    ]),
  );
  if (scripts.length !== 2 || !scripts[1]?.startsWith('scripts/lib/x.mjs:2 ')) {
    throw new Error(`check-import-directions self-test: found ${JSON.stringify(scripts)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  selfTest();
  const problems = check();
  if (problems.length) {
    console.error('Folders import each other (move the shared code down, see the comment above):');
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(
    'Import directions: API folders one way only, config.ts alone, scripts/ without e2e/.',
  );
}
