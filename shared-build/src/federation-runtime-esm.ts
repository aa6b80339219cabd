import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findManifest } from './package-manifest.ts';

/** The browser-side packages of Module Federation's runtime, as the federation plugin pulls them in. */
const RUNTIME_PACKAGES = [
  '@module-federation/runtime-tools',
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/runtime',
  '@module-federation/runtime-core',
  '@module-federation/sdk',
  '@module-federation/error-codes',
  '@module-federation/inject-external-runtime-core-plugin',
] as const;

/**
 * Module Federation's browser runtime as ES modules instead of CommonJS.
 *
 * Rspack's federation plugin imports the bundler runtime by the path `require.resolve` gives,
 * which is the CommonJS build (`dist/index.cjs`), and every package behind it then follows its
 * `require` condition too. CommonJS cannot be tree-shaken, so the shell's main and every remote
 * entry carried all of the SDK whether the runtime used it or not. Each of these packages also
 * ships an ESM build (`exports["."].import`); aliasing both the bare name and the CommonJS file to
 * it gives one ESM copy of each, which Rspack can tree-shake.
 */
export function federationRuntimeEsmAliases(): Record<string, string> {
  const fromEnhanced = createRequire(import.meta.resolve('@module-federation/enhanced/rspack'));
  const toolsDir = path.dirname(
    fromEnhanced.resolve('@module-federation/runtime-tools/package.json'),
  );
  const aliases: Record<string, string> = {};
  // Each package is resolved from the one before it, as pnpm links them (runtime-tools → bundler
  // runtime → runtime → runtime-core → sdk ...), starting from runtime-tools' own folder.
  const searchFrom = [toolsDir];
  for (const pkg of RUNTIME_PACKAGES) {
    const manifestPath = findManifest(
      pkg,
      searchFrom,
      `${pkg} is not installed beside @module-federation/enhanced.`,
    );
    const dir = path.dirname(manifestPath);
    searchFrom.push(dir);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      main?: string;
      exports?: { '.'?: { import?: { default?: string }; require?: { default?: string } } };
    };
    const esm = manifest.exports?.['.']?.import?.default;
    const cjs = manifest.exports?.['.']?.require?.default ?? manifest.main;
    if (!esm || !cjs) throw new Error(`${pkg} has no ESM and CommonJS entries to choose between.`);
    aliases[`${pkg}$`] = path.join(dir, esm);
    aliases[path.join(dir, cjs)] = path.join(dir, esm);
  }
  return aliases;
}
