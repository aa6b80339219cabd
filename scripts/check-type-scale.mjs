#!/usr/bin/env node
// Every font size and weight in the site's styles is a step of the type scale in
// shared-ui/src/theme/theme.ts (`text` and `weights`). Sizes a fraction of a pixel apart look
// like a mistake, and each size and weight pair a page uses is one more font the browser
// resolves before its first layout (docs/benchmarks.md, "What the first layout waits on").
// Plain Node over `git ls-files`: the styles are CSS inside template strings, which no linter
// here reads.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const THEME = 'shared-ui/src/theme/theme.ts';

/** The scale's sizes (as written, e.g. `0.875rem`) and weights, read from the theme's source. */
export function scaleOf(themeSource) {
  const block = (name) => themeSource.match(new RegExp(`\\n  ${name}: \\{([^}]*)\\}`))?.[1] ?? '';
  const sizes = [...block('text').matchAll(/'([0-9.]+rem)'/g)].map((match) => match[1]);
  const weights = [...block('weights').matchAll(/: (\d{3})/g)].map((match) => match[1]);
  if (sizes.length === 0 || weights.length === 0) {
    throw new Error(`${THEME} has no text or weights scale`);
  }
  return { sizes, weights };
}

/** What is allowed besides the steps: the document's base size, `inherit`, and em steps. */
function allowedSizes(sizes) {
  return new Set(['16px', 'inherit', ...sizes, ...sizes.map((size) => size.replace('rem', 'em'))]);
}

const DECLARATIONS = [
  { kind: 'size', pattern: /font-size:\s*([^;`]+?)\s*;/g },
  { kind: 'weight', pattern: /font-weight:\s*([^;`]+?)\s*;/g },
  { kind: 'size', pattern: /fontSize:\s*'([^']+)'/g },
  { kind: 'weight', pattern: /fontWeight:\s*'?(\d+)'?/g },
];

/** One line per off-scale value in `files` (`Map<path, text>`), given the theme's scale. */
export function problems(files, { sizes, weights }) {
  const sizeOk = allowedSizes(sizes);
  const weightOk = new Set([...weights, 'inherit', 'normal']);
  const found = [];
  for (const [file, text] of files) {
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      for (const { kind, pattern } of DECLARATIONS) {
        for (const match of line.matchAll(pattern)) {
          const value = match[1];
          // A value computed from the theme or a prop is the scale's by construction.
          if (value.includes('${')) continue;
          const ok = kind === 'size' ? sizeOk.has(value) : weightOk.has(value);
          if (!ok) {
            const steps = kind === 'size' ? sizes.join(', ') : weights.join(', ');
            found.push(`${file}:${index + 1}: font ${kind} ${value} is off the scale (${steps})`);
          }
        }
      }
    });
  }
  return found;
}

/** The styled sources: the browser packages' TypeScript, not tests and not the server's. */
function styledSources() {
  const listed = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.startsWith('api/') && !/\.(test|spec)\.tsx?$/.test(file));
  return new Map(
    listed.map((file) => [file, readFileSync(new URL(file, `file://${ROOT}`), 'utf8')]),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const scale = scaleOf(readFileSync(new URL(THEME, `file://${ROOT}`), 'utf8'));
  const found = problems(styledSources(), scale);
  if (found.length > 0) {
    console.error(found.join('\n'));
    console.error(`\n${found.length} font value(s) off the type scale in ${THEME}.`);
    process.exit(1);
  }
  console.log('Type scale: every font size and weight is a step of the scale.');
}
