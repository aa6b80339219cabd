import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The bundler runtime package, as the federation plugin's generated entry code imports it. */
const BUNDLER_RUNTIME = '@module-federation/webpack-bundler-runtime';
const RUNTIME_DIR = path.resolve(import.meta.dirname, '../runtime');

/** The shell's `main` starts with this module: it puts the page's bundler runtime on `globalThis`. */
export const PROVIDE_BUNDLER_RUNTIME = path.join(RUNTIME_DIR, 'provide-bundler-runtime.js');
/** What a remote's browser build gets instead of the bundler runtime package. */
export const BUNDLER_RUNTIME_FROM_HOST = path.join(RUNTIME_DIR, 'bundler-runtime-from-host.js');

/**
 * One copy of Module Federation's bundler runtime on a page (ADR 012, decision 11): the shell
 * provides it, each remote's container uses the shell's. `esmAliases` are the runtime's aliases
 * (federation-runtime-esm.ts); for a remote, the package's entry (both its CommonJS file, which
 * the plugin's generated code names, and the bare name) is replaced by the stand-in, which still
 * takes `initContainerEntry` from the package itself.
 *
 * Returns the aliases to add and the value of `__MF_BUNDLER_RUNTIME_VERSION__`, which both sides
 * compare so that a shell and a remote built with different runtimes refuse each other clearly.
 */
export function bundlerRuntimeSharing(
  /** The shell, and a remote's standalone development build: they bundle the package itself. */
  ownCopy: boolean,
  esmAliases: Record<string, string>,
): { aliases: Record<string, string>; version: string } {
  const esmEntry = esmAliases[`${BUNDLER_RUNTIME}$`];
  if (!esmEntry) throw new Error(`${BUNDLER_RUNTIME} is not among the federation runtime aliases.`);
  const packageDir = path.dirname(path.dirname(esmEntry));
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  if (ownCopy) return { aliases: {}, version };
  const replaced = Object.entries(esmAliases)
    .filter(([, target]) => target === esmEntry)
    .map(([key]) => [key, BUNDLER_RUNTIME_FROM_HOST]);
  return {
    aliases: {
      ...Object.fromEntries(replaced),
      'mf-bundler-runtime-own/initContainerEntry$': path.join(
        packageDir,
        'dist/initContainerEntry.js',
      ),
    },
    version,
  };
}
