import path from 'node:path';
import { type Configuration, type RuleSetRule, rspack } from '@rspack/core';
import { swcRule } from './swc-rule.ts';

/**
 * Whether this build is the non-federated reference (ADR 012): `FEDERATION=off`. Only the
 * Lighthouse benchmark asks for it (e2e/bench/lighthouse.mjs), to measure what Module Federation
 * itself costs a first visit; `npm start` and every deploy build the federated site.
 */
export function isReferenceBuild(): boolean {
  return process.env.FEDERATION === 'off';
}

/**
 * Turns the shell's federated browser build into the same site without federation: no Module
 * Federation runtime, no share scope, no remote entries; the shell's remote loader gets each
 * remote's `./routes` module from a dynamic import bundled into the shell
 * (`shared-build/reference/direct-runtime.js` stands in for the shell's MF runtime chunk, and
 * `direct-manifest.js` for the shell's manifest reading, so no manifest is fetched), so a page's code is
 * the same modules split by Rspack alone. Each remote's files are compiled with its own package
 * name, so styled-components gives them the class names their federated builds (and the server's
 * HTML) use. The server build is unchanged: the server renders the same HTML either way.
 */
export function toReferenceShellConfig(
  federated: Configuration,
  {
    dir,
    production,
    remotes,
    routesFile,
  }: {
    dir: string;
    production: boolean;
    /** The remotes' short names (`marketing`, ...): each lives in `../mfe-<name>`. */
    remotes: readonly string[];
    /** The file every remote exposes as `./routes`, relative to its folder. */
    routesFile: string;
  },
): Configuration {
  const workspace = path.resolve(dir, '..');
  const remoteDir = (name: string) => path.join(workspace, `mfe-${name}`);
  const aliases: Record<string, string> = {};
  const remoteRules: RuleSetRule[] = [];
  for (const name of remotes) {
    aliases[`mfe-${name}/routes$`] = path.join(remoteDir(name), routesFile);
    remoteRules.push({
      ...swcRule({ packageName: `mfe-${name}`, production }),
      include: path.join(remoteDir(name), 'src'),
    });
  }
  const [ownRule, ...otherRules] = federated.module?.rules ?? [];
  return {
    ...federated,
    resolve: {
      ...federated.resolve,
      alias: { ...(federated.resolve?.alias as Record<string, string>), ...aliases },
    },
    module: {
      ...federated.module,
      // The remotes' rules first: a file matches the first rule whose include it is in.
      rules: [
        { oneOf: [...remoteRules, ownRule as RuleSetRule] },
        ...(otherRules as RuleSetRule[]),
      ],
    },
    // The shell's splitting as it is: modules shared by several async chunks (React, the
    // router...) go to chunks of their own whatever their size, as Module Federation's shared
    // modules do (Rspack's default minimum size would copy React into several chunks), and the
    // start-up code is one file, as in the federated build.
    optimization: federated.optimization,
    plugins: [
      ...(federated.plugins ?? []),
      new rspack.NormalModuleReplacementPlugin(
        /(^|[\\/])federation-runtime(\.ts)?$/,
        path.resolve(import.meta.dirname, '../reference/direct-runtime.js'),
      ),
      new rspack.NormalModuleReplacementPlugin(
        /(^|[\\/])federation-manifest(\.ts)?$/,
        path.resolve(import.meta.dirname, '../reference/direct-manifest.js'),
      ),
    ],
  };
}
