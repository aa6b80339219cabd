import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The module requests of react-router that a production build takes from its production files. */
const ENTRIES = { 'react-router': '.', 'react-router/dom': './dom' } as const;

const DEVELOPMENT = '/dist/development/';
const PRODUCTION = '/dist/production/';

/** react-router's package folder, as linked for the app in `dir` (directly or through react-router-dom). */
function reactRouterFolder(dir: string): string {
  const fromApp = createRequire(path.join(dir, 'package.json'));
  let entry: string;
  try {
    entry = fromApp.resolve('react-router');
  } catch {
    entry = createRequire(fromApp.resolve('react-router-dom')).resolve('react-router');
  }
  const marker = `${path.sep}node_modules${path.sep}react-router${path.sep}`;
  const at = entry.lastIndexOf(marker);
  if (at < 0) throw new Error(`react-router resolved outside node_modules: ${entry}`);
  return entry.slice(0, at + marker.length - 1);
}

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
  const folder = reactRouterFolder(dir);
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    exports?: Record<string, { import?: { default?: string } }>;
  };
  const aliases: Record<string, string> = {};
  for (const [request, subpath] of Object.entries(ENTRIES)) {
    const file = manifest.exports?.[subpath]?.import?.default;
    const production = file?.replace('./dist/development/', `.${PRODUCTION}`);
    const target = production && path.join(folder, production);
    if (!file || !target || !(file.includes(DEVELOPMENT) || file.includes(PRODUCTION))) {
      throw new Error(`react-router's "${subpath}" export has no ES module build to choose.`);
    }
    if (!existsSync(target)) throw new Error(`react-router has no production build at ${target}.`);
    aliases[`${request}$`] = target;
  }
  return aliases;
}
