import path from 'node:path';
import { type Configuration, rspack } from '@rspack/core';
import { assetRule } from './asset-rule.ts';
import { reactRouterProductionAliases } from './react-router-production.ts';
import { SHARED_SINGLETONS } from './shared-singletons.ts';
import { swcRule } from './swc-rule.ts';

/** Where an app's Node build goes, inside its browser build: `<dist>/server/`. */
export const SERVER_FOLDER = 'server';

/** The file the server loads: the shell's renderer, or a remote's `./routes` for Node. */
export const SERVER_BUNDLES = { shell: 'render.js', remote: 'routes.js' } as const;

/** Whether a module request is one of the shared singletons the host provides (e.g. `react/jsx-runtime`). */
export function isSharedRequest(request: string): boolean {
  return SHARED_SINGLETONS.includes(request);
}

/**
 * The Node target of an app, built beside its browser build (ADR 010): the shell's
 * `server/render.js` (the whole shell, exporting `renderPage` and the shared modules it provides),
 * or a remote's `server/routes.js` (its `./routes` as one CommonJS file whose shared singletons
 * stay `require()` calls, answered with the shell's modules: one React, as in the browser). One
 * file each, with no async chunks, so the server can re-read it whenever it changes.
 */
export function createServerConfig({
  name,
  dir,
  outputPath,
  dependsOn,
  defines = {},
}: {
  name: string;
  dir: string;
  /** The browser build's folder; the Node build writes into its `server/` subfolder. */
  outputPath: string;
  /** The browser build's config name: it cleans the folder first, so this one runs after it. */
  dependsOn: string;
  /** Compile-time constants the app's code reads, as in its browser build (the route table). */
  defines?: Record<string, string>;
}): Configuration {
  const isHost = name === 'shell';
  const packageName = isHost ? 'shell' : `mfe-${name}`;
  return {
    name: 'server',
    dependencies: [dependsOn],
    context: dir,
    mode: 'production',
    devtool: false,
    target: 'node20',
    entry: { main: isHost ? './src/server/render.tsx' : './src/routes.tsx' },
    output: {
      path: path.join(outputPath, SERVER_FOLDER),
      filename: isHost ? SERVER_BUNDLES.shell : SERVER_BUNDLES.remote,
      library: { type: 'commonjs2' },
      // Images and fonts are the browser build's: the same names, under the remote's public folder.
      publicPath: isHost ? '/' : `/remotes/${name}/`,
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: false,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // The same React Router files as the production browser build.
      alias: reactRouterProductionAliases(dir),
    },
    externals: isHost
      ? undefined
      : ({ request }, callback) => {
          if (request && isSharedRequest(request))
            return callback(undefined, `commonjs ${request}`);
          return callback();
        },
    module: {
      rules: [swcRule({ packageName, production: true }), assetRule({ emit: false })],
    },
    plugins: [
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production'), ...defines }),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    // The same code as the browser build; its size is not this build's concern.
    stats: 'errors-warnings',
  };
}
