import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposeChunkName, FederationManifestPlugin } from './federation-manifest-plugin.ts';
import { buildFixture } from './test-build.ts';

// A real build of a tiny remote: `./routes` uses a shared singleton and loads a page chunk later.
let root: string;
let files: string[];
let manifest: {
  name: string;
  metaData: { publicPath: string; remoteEntry: { name: string; path: string } };
  exposes: Array<{ path: string; assets: { js: { sync: string[]; async: string[] } } }>;
  shared: Array<{ name: string; version: string; requiredVersion: string; singleton: boolean }>;
};

beforeAll(async () => {
  root = await buildFixture(
    'manifest-plugin-',
    {
      'src/routes.js':
        "import { value } from 'fixture-lib';\nexport default () => import('./page.js').then((page) => page.default + value);\n",
      'src/page.js': "export default 'the page';\n",
      'lib.js': 'export const value = 1;\n',
    },
    (folder) => ({
      mode: 'production',
      context: folder,
      entry: {},
      devtool: false,
      output: {
        path: path.join(folder, 'dist'),
        publicPath: 'auto',
        filename: '[name].[contenthash:10].js',
        chunkFilename: '[name].[contenthash:10].js',
      },
      resolve: { alias: { 'fixture-lib': path.join(folder, 'lib.js') } },
      plugins: [
        new rspack.container.ModuleFederationPluginV1({
          name: 'fixture',
          filename: 'remoteEntry.[contenthash:10].js',
          exposes: { './routes': { import: './src/routes.js', name: exposeChunkName('./routes') } },
          shared: {
            'fixture-lib': {
              singleton: true,
              strictVersion: true,
              requiredVersion: '^1.2.0',
              version: '1.2.3',
            },
          },
        }),
        new FederationManifestPlugin({
          name: 'fixture',
          packageName: 'mfe-fixture',
          exposes: { './routes': './src/routes.js' },
          shared: [
            {
              name: 'fixture-lib',
              version: '1.2.3',
              requiredVersion: '^1.2.0',
              singleton: true,
              strictVersion: true,
            },
          ],
        }),
      ],
    }),
  );
  files = readdirSync(path.join(root, 'dist'));
  manifest = JSON.parse(readFileSync(path.join(root, 'dist/mf-manifest.json'), 'utf8'));
}, 60_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("a remote's mf-manifest.json", () => {
  it('names the container entry the build wrote, beside the manifest', () => {
    expect(manifest.name).toBe('fixture');
    expect(manifest.metaData.publicPath).toBe('auto');
    expect(manifest.metaData.remoteEntry.path).toBe('');
    expect(manifest.metaData.remoteEntry.name).toMatch(/^remoteEntry\.[0-9a-f]{10}\.js$/);
    expect(files).toContain(manifest.metaData.remoteEntry.name);
  });

  it("lists the expose's own chunk as sync and the page it loads later as async, not the shared fallback", () => {
    const routes = manifest.exposes.find((expose) => expose.path === './routes');
    expect(routes?.assets.js.sync).toEqual([
      expect.stringMatching(/^__federation_expose_routes\.[0-9a-f]{10}\.js$/),
    ]);
    const later = routes?.assets.js.async ?? [];
    expect(later).toHaveLength(1);
    const pageChunk = readFileSync(path.join(root, 'dist', later[0] as string), 'utf8');
    expect(pageChunk).toContain('the page');
    for (const file of [...(routes?.assets.js.sync ?? []), ...later]) {
      expect(files).toContain(file);
    }
    // The fallback copy of the shared library is a chunk of its own, listed nowhere.
    const fallback = files.find(
      (file) =>
        file.endsWith('.js') &&
        readFileSync(path.join(root, 'dist', file), 'utf8').includes('{value:1}'),
    );
    expect(fallback).toBeDefined();
    expect([...(routes?.assets.js.sync ?? []), ...later]).not.toContain(fallback);
  });

  it('records each shared singleton with its version and the range the remote requires', () => {
    expect(manifest.shared).toEqual([
      expect.objectContaining({
        name: 'fixture-lib',
        version: '1.2.3',
        requiredVersion: '^1.2.0',
        singleton: true,
      }),
    ]);
  });
});
