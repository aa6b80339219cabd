import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { assetRule } from './asset-rule.ts';
import { bundlerRuntimeSharing, PROVIDE_BUNDLER_RUNTIME } from './bundler-runtime-sharing.ts';
import { PrecompressPlugin } from './compress-plugin.ts';
import { federationRuntimeEsmAliases } from './federation-runtime-esm.ts';
import { isReferenceBuild, toReferenceShellConfig } from './reference-config.ts';
import { RouteOwnersPlugin } from './route-owners-plugin.ts';
import { createServerConfig } from './server-config.ts';
import { SHARED_SINGLETONS } from './shared-singletons.ts';
import { swcRule } from './swc-rule.ts';

/**
 * What every remote exposes (ADR 002: exactly `./routes`): expose key → source file. Kept in
 * remote-exposes.json so `bin/typecheck-remote.mjs` (plain Node, run by each remote's typecheck)
 * checks the same map against the `RemoteExposes` contract in shared-ui (issue 9).
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
  /** Extra entries built beside the federated app (e.g. the retailer's embeddable widget). */
  extraEntries?: Record<string, string>;
  /** Lets a test build a remote that claims another version range of a singleton (issue 9). */
  requiredVersionOverrides?: Partial<Record<(typeof SHARED_SINGLETONS)[number], string>>;
}

/**
 * The version range this app was built against, read from the installed package's own
 * package.json. Workspace files say `catalog:` / `workspace:*`, which is not a semver range the
 * MF runtime can compare, so we resolve what pnpm actually linked.
 */
export function installedRange(dir: string, pkg: string): string {
  const require = createRequire(path.join(dir, 'package.json'));
  // The package a key belongs to: `react/` → react, `shared-ui/router` → shared-ui, `@scope/x` → itself.
  const parts = pkg.split('/');
  const bare = parts.slice(0, pkg.startsWith('@') ? 2 : 1).join('/');
  const manifestPath = require.resolve(`${bare}/package.json`);
  const { version } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string };
  return `^${version}`;
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
        // remote built against another React major would crash in subtle ways (issue 9).
        strictVersion: true,
      },
    ]),
  );
}

export function createFederatedConfig(options: FederatedAppOptions): Configuration {
  const { name, dir } = options;
  const isHost = name === 'shell';
  const production = process.env.NODE_ENV === 'production';
  const port = DEV_PORTS[name];
  const packageName = isHost ? 'shell' : `mfe-${name}`;
  const exposes = isHost ? undefined : (options.exposes ?? { ...REMOTE_EXPOSES });
  if (exposes) checkExposes(name, exposes);
  const runtimeAliases = federationRuntimeEsmAliases();
  // A remote's production container runs only on the shell's page, so it uses the shell's bundler
  // runtime (ADR 012, decision 11); a remote's development build also runs standalone, on its own.
  const bundlerRuntime = bundlerRuntimeSharing(isHost || !production, runtimeAliases);

  return {
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    // A remote's own page (src/index.ts) exists for standalone development only; in production the
    // deployable is the federation container (remoteEntry + exposed chunks) and any extra entries.
    entry: {
      // The shell's main first hands its bundler runtime to the remotes' containers (ADR 012,
      // decision 11); the non-federated reference has no containers to hand it to.
      ...(isHost && !isReferenceBuild()
        ? { main: [PROVIDE_BUNDLER_RUNTIME, './src/index.ts'] }
        : isHost || !production
          ? { main: './src/index.ts' }
          : {}),
      ...options.extraEntries,
    },
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
      alias: { ...runtimeAliases, ...bundlerRuntime.aliases },
    },
    module: {
      rules: [swcRule({ packageName, production }), assetRule({ emit: true })],
    },
    plugins: [
      new rspack.DefinePlugin({
        __MF_BUNDLER_RUNTIME_VERSION__: JSON.stringify(bundlerRuntime.version),
      }),
      new ModuleFederationPlugin({
        name,
        ...(isHost
          ? { remotes: {} }
          : { filename: production ? 'remoteEntry.[contenthash:10].js' : 'remoteEntry.js' }),
        exposes,
        shared: sharedConfig(dir, options.requiredVersionOverrides),
        // `loaded-first` (ADR 011): with `version-first` every first use of a shared module loaded
        // later (shared-ui/tabs, shared-ui/overlays) initialises the share scope again, fetching
        // the entry of every registered remote, and one remote that is down then failed the
        // shell's own sign-in page. The singletons the page starts with are the shell's, loaded
        // first either way; strictVersion still refuses a remote built against another range.
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        experiments: {
          // One copy of the MF runtime: the host provides it and remotes use the host's.
          ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
          // Only browser code paths of the runtime (STACK-NOTES: about 2 KB gzip less in the
          // host's main and in each remoteEntry; the target is only known when it is set), and
          // no manifest support in the runtime (1.5 KB): the shell reads each remote's
          // mf-manifest.json itself and registers the entry script it names (ADR 012). A remote
          // loads no remotes itself, so its container leaves out remote loading (0.7 KB).
          optimization: {
            target: 'web',
            disableSnapshot: true,
            ...(isHost ? {} : { disableRemote: true }),
          },
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
      // The route-ownership table for the server's preload hints (issue 13).
      isHost && RouteOwnersPlugin.forApp(dir, { federation: !isReferenceBuild() }),
      production && new PrecompressPlugin(),
    ],
    optimization: {
      // MF needs predictable chunk boundaries; let rspack split vendor code of the app itself.
      splitChunks: production ? { chunks: 'async' } : false,
    },
    performance: { hints: false },
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
    }),
  ];
}
