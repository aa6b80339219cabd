import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, type OptimizationSplitChunksCacheGroup, rspack } from '@rspack/core';
import type { SiteRoutes } from 'shared-contracts/pages';
import { writeSharedModules } from '../bin/shared-modules.mjs';
import { assetRule } from './asset-rule.ts';
import { compileHintsPlugin } from './compile-hints.ts';
import { PrecompressPlugin } from './compress-plugin.ts';
import { federationRuntimeEsmAliases } from './federation-runtime-esm.ts';
import { BOOT_CHUNK_PREFIX, PageChunksPlugin } from './page-chunks-plugin.ts';
import { reactRouterProductionAliases } from './react-router-production.ts';
import { isReferenceBuild, toReferenceShellConfig } from './reference-config.ts';
import { RouteOwnersPlugin } from './route-owners-plugin.ts';
import { createServerConfig } from './server-config.ts';
import { createServiceWorkerConfig } from './service-worker-config.ts';
import { SHARED_SINGLETONS } from './shared-singletons.ts';
import { PAGES_SOURCE } from './site-pages.ts';
import { swcRule } from './swc-rule.ts';

/**
 * What every remote exposes (ADR 002: exactly `./routes`): expose key → source file. Kept in
 * remote-exposes.json so `bin/typecheck-remote.mjs` (plain Node, run by each remote's typecheck)
 * checks the same map against the `RemoteExposes` contract in shared-ui.
 */
export const REMOTE_EXPOSES: Readonly<Record<string, string>> = JSON.parse(
  readFileSync(new URL('../remote-exposes.json', import.meta.url), 'utf8'),
);

/** Refuses, at build time, a remote that exposes anything but the contract's modules and files. */
export function checkExposes(name: string, exposes: Record<string, string>): void {
  const describe = (map: Record<string, string>) =>
    Object.entries(map)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, file]) => `${key} → ${file}`)
      .join(', ');
  const expected = describe(REMOTE_EXPOSES);
  const actual = describe(exposes);
  if (expected !== actual) {
    throw new Error(
      `mfe-${name} exposes ${actual || 'nothing'}, but the federation contract is ${expected} (shared-build/remote-exposes.json, checked against RemoteExposes in shared-ui by each remote's typecheck).`,
    );
  }
}

export { isSharedRequest, SERVER_BUNDLES, SERVER_FOLDER } from './server-config.ts';
export { loadSiteRoutes } from './site-pages.ts';
export { SHARED_SINGLETONS };

export const DEV_PORTS = {
  shell: 3000,
  marketing: 3001,
  customer: 3002,
  curbside: 3003,
  retailer: 3004,
} as const;

export const API_DEV_PORT = 8080;

export type AppName = keyof typeof DEV_PORTS;

export interface FederatedAppOptions {
  /** Short name: `shell` for the host, the remote's name otherwise (`marketing`, ...). */
  name: AppName;
  /** The app folder (`import.meta.dirname` of its rspack.config.ts). */
  dir: string;
  /** Remote modules this app exposes: remotes default to (and must match) REMOTE_EXPOSES. */
  exposes?: Record<string, string>;
  /** Lets a test build a remote that claims another version range of a singleton. */
  requiredVersionOverrides?: Partial<Record<string, string>>;
  /**
   * The shell only: the site's route table from every app's page declarations
   * (`loadSiteRoutes`), built into the shell's routing and written as `route-owners.json`.
   */
  siteRoutes?: SiteRoutes;
}

/** The shell's compile-time route table (shell/src/routing/route-table.ts reads it). */
function routeTableDefines(siteRoutes: SiteRoutes): Record<string, string> {
  return { __ROUTE_OWNERS__: JSON.stringify(siteRoutes.owners) };
}

function shellSiteRoutes(options: FederatedAppOptions): SiteRoutes {
  if (!options.siteRoutes) {
    throw new Error(
      "The shell's config needs siteRoutes: `siteRoutes: await loadSiteRoutes(import.meta.dirname)` (shell/rspack.config.ts).",
    );
  }
  return options.siteRoutes;
}

/**
 * The version range this app was built against, read from the installed package's own
 * package.json. Workspace files say `catalog:` / `workspace:*`, which is not a semver range the
 * container runtime can compare, so we resolve what pnpm actually linked.
 */
export function installedRange(dir: string, pkg: string): string {
  return `^${installedVersion(dir, pkg)}`;
}

/** Each shared singleton's installed version: what the shell provides it as (shell/src/remotes). */
export function sharedVersions(dir: string): Record<string, string> {
  return Object.fromEntries(SHARED_SINGLETONS.map((pkg) => [pkg, installedVersion(dir, pkg)]));
}

/** The version of `pkg` (or the package a subpath key belongs to) installed for the app in `dir`. */
export function installedVersion(dir: string, pkg: string): string {
  const require = createRequire(path.join(dir, 'package.json'));
  // The package a key belongs to: `react/` → react, `shared-ui/router` → shared-ui, `@scope/x` → itself.
  const parts = pkg.split('/');
  const bare = parts.slice(0, pkg.startsWith('@') ? 2 : 1).join('/');
  const manifestPath = require.resolve(`${bare}/package.json`);
  const { version } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string };
  return version;
}

export function sharedConfig(
  dir: string,
  overrides: FederatedAppOptions['requiredVersionOverrides'] = {},
) {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((pkg) => [
      pkg,
      {
        singleton: true,
        requiredVersion: overrides[pkg] ?? installedRange(dir, pkg),
        // A singleton that does not satisfy the range must be refused, not silently used: a
        // remote built against another React major would crash in subtle ways.
        strictVersion: true,
      },
    ]),
  );
}

/**
 * The shell's start-up code (every module of a `boot-*` chunk: the shared singletons and the app)
 * in a few files of at most about 60 KB each, react-dom's excepted (startChunkPart). A page's
 * scripts come over HTTP/1.1, six at a time per host, and on a slow network each request pays its
 * latency again: fifteen start-up files cost three rounds of it before hydration (ADR 017). One
 * file was too few: a script's compiled code is finished on the main thread in the task it
 * arrives in (and DevTools, under Lighthouse, reads it there), and for 400 KB of eagerly compiled
 * code (compile-hints.ts) that task was one of a slow phone's longest; smaller files make shorter
 * ones. The modules still run one import at a time (boot/start.ts). Taking such a module out of
 * every chunk, not only the `boot-*` ones, keeps a later chunk (shared-ui/overlays) from carrying
 * its own copy of React.
 */
const START_CHUNK: OptimizationSplitChunksCacheGroup = {
  name: (module) => `${BOOT_CHUNK_PREFIX}start-${startChunkPart(module.nameForCondition())}`,
  chunks: 'async',
  test: (module, { chunkGraph }) =>
    [...chunkGraph.getModuleChunksIterable(module)].some((chunk) =>
      chunk.name?.startsWith(BOOT_CHUNK_PREFIX),
    ),
  enforce: true,
  priority: 10,
};

/**
 * Which start-up file a module goes to, by its path: react-dom with its scheduler (one module,
 * 200 KB, that cannot be split), TanStack Query, the router, the other libraries (React,
 * styled-components), the shared workspace packages, and the shell's own code.
 */
export function startChunkPart(resource: string | null | undefined): string {
  const path = (resource ?? '').replaceAll('\\', '/');
  const library = path
    .match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)
    ?.at(-1)
    ?.slice(14, -1);
  if (library) {
    if (library === 'react-dom' || library === 'scheduler') return 'react-dom';
    if (library.startsWith('@tanstack/')) return 'query';
    if (library.startsWith('react-router')) return 'router';
    return 'libs';
  }
  return /\/shared-[a-z]+\//.test(path) ? 'shared' : 'app';
}

/**
 * The Module Federation runtime the shell loads with its first remote, in two files (runtime-core,
 * and the rest: the SDK and the runtime's wrapper) instead of one of 61 KB: each is finished and
 * read in the task it arrives in, as for the start-up files above.
 */
const REMOTE_RUNTIME_PARTS: OptimizationSplitChunksCacheGroup = {
  name: (module) =>
    /[\\/]@module-federation[\\/]runtime-core[\\/]/.test(module.nameForCondition() ?? '')
      ? 'remote-runtime-core'
      : 'remote-runtime-sdk',
  chunks: 'async',
  test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
  enforce: true,
  priority: 5,
};

/**
 * The compile-time switches of Module Federation's runtime (runtime-core, sdk): only its browser
 * code, and no manifest snapshots (the shell reads each manifest itself). The remotes' plugin sets
 * them from its `experiments.optimization`; the shell, which bundles the runtime without the
 * plugin, sets them here.
 */
const SHELL_RUNTIME_DEFINES = {
  ENV_TARGET: JSON.stringify('web'),
  FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
  FEDERATION_OPTIMIZE_NO_REMOTE: false,
  FEDERATION_OPTIMIZE_NO_SHARED: false,
};

export function createFederatedConfig(options: FederatedAppOptions): Configuration {
  const { name, dir } = options;
  const isHost = name === 'shell';
  const production = process.env.NODE_ENV === 'production';
  const port = DEV_PORTS[name];
  const packageName = isHost ? 'shell' : `mfe-${name}`;
  const exposes = isHost ? undefined : (options.exposes ?? { ...REMOTE_EXPOSES });
  if (exposes) checkExposes(name, exposes);
  // The shell's modules that provide the shared singletons follow the one list.
  if (isHost) writeSharedModules(dir);
  const siteRoutes = isHost ? shellSiteRoutes(options) : undefined;
  const pagesSource = isHost ? PAGES_SOURCE.shell : PAGES_SOURCE.remote;
  return {
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    // A remote's own page (src/index.ts) exists for standalone development only; in production the
    // deployable is the federation container (remoteEntry, exposed chunks, mf-manifest.json).
    entry: isHost || !production ? { main: './src/index.ts' } : {},
    output: {
      // DIST_ROOT builds into `<DIST_ROOT>/<package>/dist` instead, so a parallel build (another
      // engineer, another test run) never deletes the files a running server is sending.
      path: process.env.DIST_ROOT
        ? path.join(path.resolve(process.env.DIST_ROOT), path.basename(dir), 'dist')
        : path.join(dir, 'dist'),
      publicPath: isHost ? '/' : 'auto',
      uniqueName: packageName,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: production
        ? 'assets/[name].[contenthash:10][ext]'
        : 'assets/[name][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      // Workspace libraries ship TS source with explicit `.ts` specifiers in places.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // Module Federation's runtime from its ES modules, which Rspack can tree-shake (ADR 012),
      // and React Router without its development warnings in production.
      alias: {
        ...federationRuntimeEsmAliases(),
        ...(production ? reactRouterProductionAliases(dir) : {}),
      },
    },
    module: {
      rules: [swcRule({ packageName, production }), assetRule({ emit: true })],
    },
    plugins: [
      // ADR 014: each remote is built by `@module-federation/enhanced`'s plugin (container,
      // strict singletons, mf-manifest.json); the shell has no plugin and loads remotes through
      // the MF runtime API in a chunk of its own (shell/src/remotes/federation-runtime.ts).
      isHost
        ? new rspack.DefinePlugin({
            ...SHELL_RUNTIME_DEFINES,
            __SHARED_VERSIONS__: JSON.stringify(sharedVersions(dir)),
            ...(siteRoutes ? routeTableDefines(siteRoutes) : {}),
          })
        : new ModuleFederationPlugin({
            name,
            filename: production ? 'remoteEntry.[contenthash:10].js' : 'remoteEntry.js',
            exposes,
            shared: sharedConfig(dir, options.requiredVersionOverrides),
            // The shell's singletons are loaded first and kept (ADR 014 decision 1).
            shareStrategy: 'loaded-first',
            manifest: { fileName: 'mf-manifest.json' },
            // Type hints need a build-time remote to fetch from; the shell loads remotes named at
            // runtime and typechecks them against shared-ui's contract instead (ADR 014).
            dts: false,
            experiments: {
              // The runtime is the shell's: the container takes runtime-core from the page. A
              // development build keeps its own, so a remote also runs standalone.
              externalRuntime: production,
              // Browser code only, no snapshots, and no remote loading: a remote loads no remotes.
              optimization: { target: 'web', disableSnapshot: true, disableRemote: true },
            },
          }),
      (isHost || !production) &&
        new rspack.HtmlRspackPlugin({
          template: path.join(dir, 'public/index.html'),
          chunks: ['main'],
          minify: production,
        }),
      isHost &&
        new rspack.CopyRspackPlugin({
          patterns: [
            {
              from: path.join(dir, 'public'),
              globOptions: { ignore: ['**/index.html'] },
              noErrorOnMissing: true,
            },
          ],
        }),
      // The site's route table for the server (its routing, hints and signed-in data).
      siteRoutes && new RouteOwnersPlugin(siteRoutes, { federation: !isReferenceBuild() }),
      // Scripts compiled while they stream in, not function by function in start-up tasks.
      production && compileHintsPlugin(),
      // What each page needs to hydrate, for the server's first HTML; every declared page has a
      // chunk (a remote's build has no other page chunks; the reference shell bundles remotes').
      production &&
        new PageChunksPlugin({
          file: path.join(dir, pagesSource.file),
          name: pagesSource.name,
          exhaustive: !isHost,
        }),
      production && new PrecompressPlugin(),
    ],
    optimization: {
      // The shell's start-up modules go to the `boot-start-*` files whatever their size
      // (START_CHUNK), so React and TanStack Query are never copied. Its page code splits off only
      // pieces of 30 KB or more (before minification), at the cost of a few small copies: each
      // file is another request, six at a time on HTTP/1.1, and `/auth` came in seven after the
      // start-up ones, a whole extra round of a slow network's latency before it hydrated.
      splitChunks: production
        ? {
            chunks: 'async',
            ...(isHost
              ? {
                  minSize: 30_000,
                  cacheGroups: { start: START_CHUNK, remoteRuntime: REMOTE_RUNTIME_PARTS },
                }
              : {}),
          }
        : false,
    },
    performance: { hints: false },
    // A remote's dev server serves the shell's page on another port: a lazily compiled chunk of
    // the remote would ask the shell's server to compile it and wait forever.
    ...(isHost ? {} : { lazyCompilation: false }),
    devServer: {
      port,
      hot: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Every app's dev server can reach the API, so a remote also runs standalone.
      proxy: [
        {
          context: ['/api', '/remotes.json'],
          target: `http://localhost:${process.env.API_PORT ?? API_DEV_PORT}`,
        },
      ],
    },
  };
}

/**
 * Everything `rspack build` makes for an app: its browser build and, in production, its Node build
 * for server rendering (server-config.ts), written into the browser build's `server/` folder after
 * the browser build has cleaned it.
 */
export function createAppConfigs(options: FederatedAppOptions): Configuration[] {
  const federated: Configuration = { ...createFederatedConfig(options), name: 'federated' };
  if (isReferenceBuild() && options.name !== 'shell') {
    throw new Error(
      'FEDERATION=off builds only the shell (the non-federated reference of ADR 012), which bundles the remotes itself.',
    );
  }
  // The reference keeps the name `federated`: the server build below depends on it by name.
  const browser: Configuration = isReferenceBuild()
    ? {
        ...toReferenceShellConfig(federated, {
          dir: options.dir,
          production: process.env.NODE_ENV === 'production',
          remotes: Object.keys(DEV_PORTS).filter((name) => name !== 'shell'),
          routesFile: REMOTE_EXPOSES['./routes'] ?? './src/routes.tsx',
        }),
        name: 'federated',
      }
    : federated;
  if (process.env.NODE_ENV !== 'production') return [browser];
  const outputPath = browser.output?.path;
  if (!outputPath) throw new Error('The browser build has no output folder.');
  return [
    browser,
    createServerConfig({
      name: options.name,
      dir: options.dir,
      outputPath,
      dependsOn: 'federated',
      defines: options.name === 'shell' ? routeTableDefines(shellSiteRoutes(options)) : {},
    }),
    // The shell's service worker lists the shell's files, so it is built after them (ADR 018).
    ...(options.name === 'shell' && !isReferenceBuild()
      ? [createServiceWorkerConfig({ dir: options.dir, outputPath, dependsOn: 'federated' })]
      : []),
  ];
}
