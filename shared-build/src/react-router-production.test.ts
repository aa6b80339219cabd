import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactRouterProductionAliases } from './react-router-production.ts';

const shellDir = path.resolve(import.meta.dirname, '../../shell');

describe('reactRouterProductionAliases', () => {
  const aliases = reactRouterProductionAliases(shellDir);

  it('sends react-router and react-router/dom to their production ES modules', () => {
    expect(Object.keys(aliases).sort()).toEqual(['react-router$', 'react-router/dom$']);
    for (const target of Object.values(aliases)) {
      expect(target).toMatch(/[/\\]react-router[/\\]dist[/\\]production[/\\][^/\\]+\.mjs$/);
    }
  });

  it('points at code with the development warnings switched off', () => {
    const entry = aliases['react-router$'] as string;
    const chunks = [...readFileSync(entry, 'utf8').matchAll(/from "(\.\/chunk-[\w-]+\.mjs)"/g)];
    const switches = chunks.flatMap(([, chunk]) =>
      readFileSync(path.join(path.dirname(entry), chunk as string), 'utf8').match(
        /ENABLE_DEV_WARNINGS = \w+/g,
      ),
    );
    expect(switches.filter(Boolean)).toEqual(['ENABLE_DEV_WARNINGS = false']);
  });

  it('fails the build when the installed react-router has no production files', () => {
    const app = mkdtempSync(path.join(tmpdir(), 'router-dev-only-'));
    writeFileSync(path.join(app, 'package.json'), '{"name":"app"}');
    const pkg = path.join(app, 'node_modules', 'react-router');
    mkdirSync(path.join(pkg, 'dist', 'development'), { recursive: true });
    writeFileSync(path.join(pkg, 'dist', 'development', 'index.js'), '');
    writeFileSync(
      path.join(pkg, 'package.json'),
      JSON.stringify({
        name: 'react-router',
        exports: {
          '.': {
            import: { default: './dist/development/index.mjs' },
            default: './dist/development/index.js',
          },
          './dom': { import: { default: './dist/development/dom-export.mjs' } },
        },
      }),
    );
    expect(() => reactRouterProductionAliases(app)).toThrow(/no production build/);
  });
});
