import type { Compiler } from '@rspack/core';
import { ownedPath } from 'shared-contracts/pages';
import { importPages } from './site-pages.ts';

/** The file each browser build writes beside its entry, read by the server (api/src/ssr). */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';

/**
 * Chunk names (`webpackChunkName`) that mark what a page needs before it can hydrate: `boot-*` on
 * the shell's start-up imports, `route~<path with ~ for />` on each page's lazy import
 * (`route~about-us` is /about-us, `route~` is /). They end up in file names, hence no slashes.
 */
export const BOOT_CHUNK_PREFIX = 'boot-';
export const ROUTE_CHUNK_PREFIX = 'route~';
/** The chunk name of what the shell needs only to load a remote (its Module Federation runtime). */
export const REMOTE_RUNTIME_CHUNK = 'remote-runtime';
/**
 * `remote-routes~<remote>`: a remote's `./routes` bundled into the shell, in the non-federated
 * reference build only (shared-build/reference/direct-runtime.js).
 */
export const REMOTE_ROUTES_PREFIX = 'remote-routes~';

/** The route path a `route~` chunk name stands for. */
export function routeOfChunkName(name: string): string {
  return `/${name.slice(ROUTE_CHUNK_PREFIX.length).replaceAll('~', '/')}`;
}

/** The chunk name a page's `load` gives its import (`route~wallet`, `route~` for `/`). */
export function routeChunkName(pagePath: string): string {
  return `${ROUTE_CHUNK_PREFIX}${ownedPath(pagePath).slice(1).replaceAll('/', '~')}`;
}

/**
 * Why a build's page chunks do not match its page declarations, one line each: a declared page
 * without its chunk (the server could not name its files), and, with `exhaustive` (a remote's
 * build, whose every page is declared), a page chunk no declaration names.
 */
export function pageChunkProblems(
  routes: Readonly<Record<string, unknown>>,
  pagePaths: readonly string[],
  { exhaustive }: { exhaustive: boolean },
): string[] {
  const declared = new Set(pagePaths.map(ownedPath));
  const problems = pagePaths
    .filter((pagePath) => !Object.hasOwn(routes, ownedPath(pagePath)))
    .map(
      (pagePath) =>
        `The page ${pagePath} has no chunk of its own: name its import /* webpackChunkName: "${routeChunkName(pagePath)}" */.`,
    );
  if (exhaustive) {
    for (const route of Object.keys(routes)) {
      if (!declared.has(route)) {
        problems.push(
          `The chunk ${routeChunkName(route)} is no declared page's: declare ${route}.`,
        );
      }
    }
  }
  return problems;
}

/** What `page-chunks.json` holds: script files relative to the build's public path. */
export interface PageChunks {
  /** Everything the shell's start-up imports (`boot:` chunks and the shared modules they pull). */
  boot: string[];
  /** A page's own chunks by route path. */
  routes: Record<string, string[]>;
  /** What a page owned by a remote needs besides (the REMOTE_RUNTIME_CHUNK's scripts). */
  remotes: string[];
  /** By remote, its `./routes` when the build bundles it (REMOTE_ROUTES_PREFIX). */
  remoteRoutes: Record<string, string[]>;
}

/** The subset of Rspack's ChunkGroup this plugin reads. */
interface Group {
  name?: string;
  origins: Array<{ request?: string }>;
  childrenIterable: Group[];
  getFiles(): string[];
}

const scripts = (group: Group) => group.getFiles().filter((file) => file.endsWith('.js'));

/**
 * A group and, below it, the groups loaded for it without an import of their own: a shared
 * module's fallback is fetched when the module is asked for, with no request in the source.
 */
function withSharedFallbacks(group: Group, into: Set<string>, seen = new Set<Group>()): void {
  if (seen.has(group)) return;
  seen.add(group);
  for (const file of scripts(group)) into.add(file);
  for (const child of group.childrenIterable) {
    if (!child.name && child.origins.every((origin) => !origin.request)) {
      withSharedFallbacks(child, into, seen);
    }
  }
}

/** The page chunks of a build's named chunk groups (exported for its unit test). */
export function pageChunksOf(groups: Iterable<Group>): PageChunks {
  const boot = new Set<string>();
  const routes: Record<string, string[]> = {};
  const remotes = new Set<string>();
  const remoteRoutes: Record<string, string[]> = {};
  for (const group of groups) {
    const name = group.name ?? '';
    if (name.startsWith(BOOT_CHUNK_PREFIX)) withSharedFallbacks(group, boot);
    if (name === REMOTE_RUNTIME_CHUNK) withSharedFallbacks(group, remotes);
    if (name.startsWith(REMOTE_ROUTES_PREFIX)) {
      remoteRoutes[name.slice(REMOTE_ROUTES_PREFIX.length)] = scripts(group);
    }
    if (name.startsWith(ROUTE_CHUNK_PREFIX)) {
      routes[routeOfChunkName(name)] = scripts(group);
    }
  }
  return {
    boot: [...boot].sort(),
    routes,
    remotes: [...remotes].filter((file) => !boot.has(file)).sort(),
    remoteRoutes,
  };
}

/**
 * Writes `page-chunks.json`: the scripts a server-rendered page needs before it can hydrate, so
 * the server names them all in the first HTML and the browser fetches them side by side instead
 * of discovering them one import at a time. The source marks them with chunk names
 * (BOOT_CHUNK_PREFIX, ROUTE_CHUNK_PREFIX); the build fails when a declared page has no chunk
 * (`pages`: the app's declarations, site-pages.ts).
 */
export class PageChunksPlugin {
  constructor(private readonly pages?: { file: string; name: string; exhaustive: boolean }) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PageChunksPlugin', (compilation) => {
      if (this.pages) compilation.fileDependencies.add(this.pages.file);
      compilation.hooks.processAssets.tapPromise(
        { name: 'PageChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        async () => {
          const chunks = pageChunksOf(compilation.chunkGroups as unknown as Group[]);
          compilation.emitAsset(
            PAGE_CHUNKS_FILE,
            new sources.RawSource(`${JSON.stringify(chunks, null, 2)}\n`),
          );
          if (!this.pages) return;
          const declared = await importPages(this.pages);
          const problems = pageChunkProblems(
            chunks.routes,
            declared.map((page) => page.path),
            this.pages,
          );
          for (const problem of problems) {
            compilation.errors.push(new WebpackError(`${this.pages.file}: ${problem}`));
          }
        },
      );
    });
  }
}
