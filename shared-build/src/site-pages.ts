/// <reference types="node" />
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type PageDeclaration,
  pageProblems,
  type SiteRoutes,
  siteRoutesOf,
} from 'shared-contracts/pages';
import { REMOTE_NAMES } from 'shared-contracts/remote-rules';

/** The repository's folder. */
export const WORKSPACE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The folder of an app: `shell`, or a remote's name. */
export function appFolder(app: string, workspace = WORKSPACE): string {
  return path.join(workspace, app === 'shell' ? 'shell' : `mfe-${app}`);
}

/** A file of an app as a URL to import (`appFileUrl('customer', 'src/routes.tsx')`). */
export function appFileUrl(app: string, file: string): string {
  return pathToFileURL(path.join(appFolder(app), file)).href;
}

/** Where an app declares its pages: the file, relative to the app's folder, and its export. */
export const PAGES_SOURCE = {
  remote: { file: 'src/pages.ts', name: 'PAGES' },
  shell: { file: 'src/routing/shell-pages.ts', name: 'SHELL_PAGES' },
} as const;

/** The declarations of `app` (`shell`, or a remote's name) in `workspace`. */
export function pagesSource(workspace: string, app: string): { file: string; name: string } {
  const source = app === 'shell' ? PAGES_SOURCE.shell : PAGES_SOURCE.remote;
  return { file: path.join(appFolder(app, workspace), source.file), name: source.name };
}

/**
 * The pages one file declares. Imported as it is: the apps' configs load through @rspack/cli's
 * TypeScript loader, the tests through vitest, and a declaration's `load` is never called here,
 * so none of the page's code is read.
 */
export async function importPages({
  file,
  name,
}: {
  file: string;
  name: string;
}): Promise<readonly PageDeclaration[]> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const pages = module[name];
  if (!Array.isArray(pages)) throw new Error(`${file} does not export its pages as ${name}.`);
  return pages as readonly PageDeclaration[];
}

/** Every app's pages in the workspace: the shell's under `shell`, each remote's under its name. */
export async function loadSitePages(
  workspace = WORKSPACE,
): Promise<Record<string, readonly PageDeclaration[]>> {
  const apps = ['shell', ...REMOTE_NAMES];
  const lists = await Promise.all(apps.map((app) => importPages(pagesSource(workspace, app))));
  return Object.fromEntries(apps.map((app, index) => [app, lists[index] ?? []]));
}

/**
 * The site's route table from every app's declarations, as the shell is built with it and the
 * server reads it (`route-owners.json`); throws on declarations the shell could not route.
 */
export async function loadSiteRoutes(workspace = WORKSPACE): Promise<SiteRoutes> {
  const site = await loadSitePages(workspace);
  const problems = pageProblems(site);
  if (problems.length) {
    throw new Error(`The page declarations cannot be routed:\n  ${problems.join('\n  ')}`);
  }
  return siteRoutesOf(site);
}
