import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsPlugin } from './compile-hints.ts';
import { buildFixture } from './test-build.ts';

// A real minified production build of an entry and a lazily loaded chunk, with source maps.
let root: string;
const output = (file: string) => readFileSync(path.join(root, 'dist', file), 'utf8');

beforeAll(async () => {
  root = await buildFixture(
    'compile-hints-',
    {
      'src/index.js':
        "/* a comment the minifier drops */\nimport('./later.js').then((later) => console.log(later.default));\n",
      'src/later.js': "export default 'later';\n",
    },
    (folder) => ({
      mode: 'production',
      context: folder,
      entry: { main: './src/index.js' },
      devtool: 'source-map',
      output: { path: path.join(folder, 'dist'), filename: '[name].js', chunkFilename: '[id].js' },
      plugins: [compileHintsPlugin()],
    }),
  );
}, 60_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the compile hint', () => {
  it('starts every script of the build, the entry and the lazy chunk alike, after minification', () => {
    const scripts = readdirSync(path.join(root, 'dist')).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const file of scripts) {
      expect(output(file).startsWith(`${COMPILE_HINT}\n`)).toBe(true);
      // Only once: nothing stripped it and nothing added it twice.
      expect(output(file).split(COMPILE_HINT)).toHaveLength(2);
    }
    expect(output('main.js')).not.toContain('a comment the minifier drops');
  });

  it('leaves the source maps right: the added first line maps to nothing', () => {
    const map = JSON.parse(output('main.js.map')) as { mappings: string };
    expect(map.mappings.startsWith(';')).toBe(true);
    expect(output('main.js')).toMatch(/\/\/# sourceMappingURL=main\.js\.map\s*$/);
  });
});
