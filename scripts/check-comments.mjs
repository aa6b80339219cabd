#!/usr/bin/env node
// Comments, test titles and docs say why in their own words: the repository is read without our
// tracker and without the notes the project started from. So no tracked file cites an issue
// number, and no code, test, script or config file cites the old product or design notes (the
// product is docs/product.md, the code docs/architecture.md). The decision records may name
// those notes as history (docs/decisions/README.md says so). Plain Node over `git ls-files`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const TRACKER = {
  pattern: /\bissues?\s+#?\d+/gi,
  fix: 'say why in words, or point at an ADR or a section of docs/',
};
const OLD_NOTES = [
  { pattern: /\bSPEC(?:'s)?\b|\bSPEC\.md\b/g, fix: 'point at docs/product.md and its section' },
  { pattern: /\bDESIGN\.md\b/gi, fix: 'point at docs/architecture.md or an ADR' },
  { pattern: /\bSTACK-NOTES\b|\bSTYLE\.md\b/gi, fix: 'say the fact itself, or point at docs/' },
];
// Generated, or not ours to word.
const SKIPPED = [/^pnpm-lock\.yaml$/, /(^|\/)node_modules\//];
const HISTORY = /^docs\/decisions\//;
// A comment marker at the start of a wrapped line, so "issue" at a line's end and its number on
// the next line are read together.
const CONTINUATION = /^\s*(?:\/\/+|\/?\*+\/?|#+|--|\{\/\*)?\s*/;

/** The rules that apply to a file: every file for tracker numbers, not the records for notes. */
function rulesFor(file) {
  return HISTORY.test(file) ? [TRACKER] : [TRACKER, ...OLD_NOTES];
}

/** One line per citation in `files` (`Map<path relative to the root, text>`). */
export function problems(files) {
  const found = [];
  for (const [file, text] of files) {
    if (SKIPPED.some((pattern) => pattern.test(file))) continue;
    const lines = text.split('\n');
    const rules = rulesFor(file);
    lines.forEach((line, index) => {
      const next = (lines[index + 1] ?? '').replace(CONTINUATION, '');
      const joined = `${line} ${next}`;
      for (const { pattern, fix } of rules) {
        for (const match of joined.matchAll(pattern)) {
          if (match.index >= line.length) continue;
          found.push(`${file}:${index + 1}: "${match[0]}": ${fix}`);
        }
      }
    });
  }
  return found;
}

/** Tracked text files of the repository at `root`, as `Map<path, text>`. */
function trackedFiles(root) {
  const names = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  const files = new Map();
  for (const name of names) {
    let buffer;
    try {
      buffer = readFileSync(path.join(root, name));
    } catch {
      continue; // deleted in the work tree, not yet in the index
    }
    if (buffer.subarray(0, 8000).includes(0)) continue; // binary
    files.set(name, buffer.toString('utf8'));
  }
  return files;
}

/** Every citation in the repository at `root`. */
export function check(root = ROOT) {
  return problems(trackedFiles(root));
}

/**
 * The checker checks itself first, on in-memory files, so a broken pattern cannot pass silently.
 * The planted citations are put together at run time: written out, this file would cite them.
 */
export function selfTest() {
  const issue = (n) => ['iss', 'ue ', n].join('');
  const notes = (...parts) => parts.join('');
  const files = new Map([
    ['api/src/a.ts', `// Retried once (${issue(12)}).\nconst a = 1;`],
    ['api/src/b.ts', `/**\n * Wrapped across lines (${issue('')}\n * 13).\n */`],
    ['shell/src/c.test.tsx', `it('shows the toasts (${notes('SP', 'EC')} section 8)', () => {});`],
    ['scripts/d.mjs', `// The layout of ${notes('DES', 'IGN')}.md.`],
    ['docs/e.md', `## Lighthouse mobile (${issue(13)})`],
    [
      'docs/decisions/010-x.md',
      `Status: accepted (${issue(13)}).\nAs ${notes('SP', 'EC')} section 8 said.`,
    ],
    [
      'shared-ui/src/fine.ts',
      '// A SPECIAL case, the PNG spec, `issues: []`, facebook/react#26974.\nconst issues = 3;',
    ],
    ['pnpm-lock.yaml', `# ${issue(1)}`],
  ]);
  const found = problems(files).map((line) =>
    line.slice(0, line.indexOf(':', line.indexOf(':') + 1)),
  );
  const expected = [
    'api/src/a.ts:1',
    'api/src/b.ts:2',
    'shell/src/c.test.tsx:1',
    'scripts/d.mjs:1',
    'docs/e.md:1',
    'docs/decisions/010-x.md:1',
  ];
  if (JSON.stringify(found) !== JSON.stringify(expected)) {
    throw new Error(`check-comments self-test: found ${JSON.stringify(problems(files))}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  selfTest();
  const found = check();
  if (found.length) {
    console.error('Citations of documents this repository does not hold (see the comment above):');
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log('Comment citations: no tracker numbers, no notes from outside the repository.');
}
