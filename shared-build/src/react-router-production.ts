import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findManifest } from './package-manifest.ts';

/** The module requests of react-router that a production build takes from its production files. */
const ENTRIES = { 'react-router': '.', 'react-router/dom': './dom' } as const;

/** The folders a published entry of react-router may sit in. */
const BUILD_FOLDER = /^\.\/dist\/(development|production)\//;

/**
 * React Router from its production files, for production builds (the browser's and the server's).
 *
 * react-router 7 publishes a development and a production build of the same modules, but its
 * package.json `exports` names only `dist/development` under every condition, so a production
 * bundle gets the development one: its checks of the route table on every render of `<Routes>`,
 * console warnings, and the text of those warnings in the bytes a visitor downloads. The
 * production files differ only by that switch (`ENABLE_DEV_WARNINGS = false`). Each entry's ES
 * module file is taken from `exports` and its development folder swapped for the production
 * one; a layout without that folder fails the build here instead of shipping development code
 * unnoticed. Development builds keep the warnings.
 */
export function reactRouterProductionAliases(dir: string): Record<string, string> {
  // Every app lists react-router beside react-router-dom, so its own link is the one bundled.
  const manifestPath = findManifest(
    'react-router',
    [dir],
    `react-router is not installed for ${dir}.`,
  );
  const folder = path.dirname(manifestPath);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports?: Record<string, { import?: { default?: string } }>;
  };
  const aliases: Record<string, string> = {};
  for (const [request, subpath] of Object.entries(ENTRIES)) {
    const file = manifest.exports?.[subpath]?.import?.default;
    if (!file || !BUILD_FOLDER.test(file)) {
      throw new Error(`react-router's "${subpath}" export has no ES module build to choose.`);
    }
    const target = path.join(folder, file.replace(BUILD_FOLDER, './dist/production/'));
    if (!existsSync(target)) throw new Error(`react-router has no production build at ${target}.`);
    aliases[`${request}$`] = target;
  }
  return aliases;
}
