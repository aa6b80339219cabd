import path from 'node:path';
import {
  exposedChunkFiles,
  type FederationManifest,
  manifestFileUrl,
  remoteEntryUrl,
} from 'shared-contracts/federation-manifest';
import {
  matchesPagePath,
  pageAt,
  ownerOf as pageOwner,
  SIGN_IN_PAGE,
} from 'shared-contracts/pages';
import { REMOTE_NAMES, type RemoteName, type RemotesManifest } from 'shared-contracts/remotes';
import {
  AFTER_PAINT_HINTS_ID,
  NOT_YET_INTERACTIVE_ATTRIBUTE,
  REMOTE_ENTRIES_ID,
  SERVER_QUERY_STATE_ID,
  SIGN_IN_FIRST_ID,
} from 'shared-contracts/server-page';
import { AFTER_PAINT_SCRIPT_ELEMENT } from './after-paint-script.ts';
import { fileCache } from './file-cache.ts';
import type { ServerRenderedPage, ServerRenderer, SignedInRender } from './server-render.ts';
import { SIGN_IN_FIRST_SCRIPT_ELEMENT } from './sign-in-first-script.ts';
import type { SignedInVisitor } from './signed-in-visitor.ts';

/**
 * The page the server sends for every navigation: the shell's index.html with, in its head, what
 * the browser would otherwise fetch one round trip after another (docs/architecture.md, "How a
 * page loads"): `/remotes.json`, the remote's entry and the page's server data as JSON data
 * blocks (never run), and a preload for every script the page needs to hydrate (on a rendered
 * page, applied once it has painted by the one inline script the CSP allows, by its hash). Files
 * are stat'ed on every request, so a redeployed remote shows on the next load.
 */

export const REMOTES_CONFIG_ELEMENT_ID = 'remotes-config';

/**
 * The site's route table as the shell's build writes it (shared-build, route-owners-plugin.ts),
 * made from every app's page declarations (shared-contracts `SiteRoutes`).
 */
export interface RouteOwners {
  owners: Partial<Record<RemoteName, readonly string[]>>;
  shellPaths?: readonly string[];
  /** By page, the API paths its render may read for a signed-in visitor. */
  signedInData?: Readonly<Record<string, readonly string[]>>;
  /** The declared paths of the pages for signed-in people only (absent in older builds). */
  signedInOnly?: readonly string[];
  /**
   * false in the non-federated reference build (ADR 012): the shell bundles every remote, so
   * there is no remote entry to hint.
   */
  federation?: boolean;
}

/** What each browser build writes as page-chunks.json (shared-build, page-chunks-plugin.ts). */
export interface PageChunks {
  boot: readonly string[];
  routes: Readonly<Record<string, readonly string[]>>;
  /** What the shell needs to load a remote's page (its Module Federation runtime). */
  remotes?: readonly string[];
  /** By remote, its `./routes` when bundled into the shell (the non-federated reference). */
  remoteRoutes?: Readonly<Record<string, readonly string[]>>;
}

function isPageChunks(value: unknown): value is PageChunks {
  if (typeof value !== 'object' || value === null) return false;
  const { boot, routes } = value as Record<string, unknown>;
  return Array.isArray(boot) && typeof routes === 'object' && routes !== null;
}

/**
 * The chunks of the page at `pathname`: those of the page that owns it (`/delivery-tracking` owns
 * `/delivery-tracking/CR-1`), by the pages' one path rule (shared-contracts `pages.ts`).
 */
export function routeChunks(chunks: PageChunks | undefined, pathname: string): readonly string[] {
  if (!chunks) return [];
  const route = pageAt(Object.keys(chunks.routes), pathname);
  return route ? (chunks.routes[route] ?? []) : [];
}

export interface PreloadHint {
  href: string;
  /** Scripts only: the remote's entry and chunks (the page names the entry, not its manifest). */
  as: 'script';
}

/**
 * The remote that owns a page, by the rule the shell routes with (shared-contracts `pages.ts`).
 * Only the remotes this server knows count.
 */
export function ownerOf(pathname: string, table: RouteOwners | undefined): RemoteName | null {
  const owner = table ? pageOwner(table.owners, pathname) : null;
  return owner && (REMOTE_NAMES as readonly string[]).includes(owner) ? owner : null;
}

/** The API paths the page at `pathname` declares it reads for a signed-in visitor. */
export function signedInReads(
  pathname: string,
  table: RouteOwners | undefined,
): ReadonlySet<string> {
  const data = table?.signedInData ?? {};
  const page = pageAt(Object.keys(data), pathname);
  return new Set(page ? data[page] : []);
}

/** Whether the page at `pathname` is for signed-in people only, by its declaration. */
export function isSignedInOnly(pathname: string, table: RouteOwners | undefined): boolean {
  return (table?.signedInOnly ?? []).some((declared) => matchesPagePath(declared, pathname));
}

// Manifest URLs of the same server are root-relative: resolve them against a stand-in origin.
const THIS_SERVER = 'http://this.server';

/** A URL of a manifest's file as the shell will ask for it: root-relative on this server. */
function asServed(url: URL): string {
  return url.origin === THIS_SERVER ? `${url.pathname}${url.search}` : url.href;
}

/** The remote's entry script as its manifest (served at `manifestUrl`) names it. */
export function remoteEntryHref(
  manifestUrl: string,
  manifest: FederationManifest,
): string | undefined {
  const entry = remoteEntryUrl(manifest, new URL(manifestUrl, THIS_SERVER));
  return entry && asServed(entry);
}

/**
 * The files to preload for a remote, from its manifest (served at `manifestUrl`, root-relative or
 * absolute): the remote entry and the sync chunks of `./routes`. Not the manifest itself: the page
 * names the entry it gives (`REMOTE_ENTRIES_ID`), so the shell does not fetch it on this load.
 */
export function remotePreloads(manifestUrl: string, manifest: FederationManifest): PreloadHint[] {
  const entry = remoteEntryUrl(manifest, new URL(manifestUrl, THIS_SERVER));
  return [
    ...(entry ? [{ href: asServed(entry), as: 'script' as const }] : []),
    ...remoteFileHints(manifestUrl, manifest, exposedChunkFiles(manifest, './routes', 'sync')),
  ];
}

/** Preloads for files of a remote's build (names as its manifest and page-chunks.json give them). */
function remoteFileHints(
  manifestUrl: string,
  manifest: FederationManifest,
  files: readonly string[],
): PreloadHint[] {
  const served = new URL(manifestUrl, THIS_SERVER);
  return files.map((file) => ({
    href: asServed(manifestFileUrl(manifest, served, file)),
    as: 'script',
  }));
}

/** JSON that is safe inside a `<script>` element: nothing in it can close or open a tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * A preload hint. No crossorigin attribute: the shell inserts the scripts without one, and a
 * preload is only reused by a request in the same CORS mode. `low` for hints in the head of a
 * page the browser renders itself: those files only matter once it has painted, and at high
 * priority a preloaded script counts as render-blocking in Lighthouse's simulation (ADR 012).
 * Hints applied after the paint keep the default priority: nothing is left for them to hold up.
 */
export function preloadLink(hint: PreloadHint, priority: 'low' | 'auto' = 'low'): string {
  const fetchPriority = priority === 'low' ? ' fetchpriority="low"' : '';
  return `<link rel="preload" as="${hint.as}" href="${escapeAttribute(hint.href)}"${fetchPriority}>`;
}

// The shell's empty mount point, as index.html has it (minified or not).
const EMPTY_ROOT = /<div id=("?)root\1>\s*<\/div>/i;

/**
 * index.html with the remotes configuration and the preload hints placed before `</head>`, and,
 * when the server rendered the page, its styles there too and its HTML inside `<div id="root">`.
 * A rendered page keeps every hint in an inert template that its one inline script applies once
 * the HTML has painted (after-paint-script.ts, ADR 023); with nothing rendered there is nothing
 * to paint first, so they are plain hints.
 */
export function composePage(
  template: string,
  {
    remotesConfig,
    preloads,
    federationPreloads = [],
    remoteEntries = {},
    rendered,
    signInFirst,
  }: {
    remotesConfig: RemotesManifest;
    /** The shell's start-up chunks and the page's own. */
    preloads: readonly PreloadHint[];
    /** What only federation adds: its runtime, the remote's entry and `./routes`. */
    federationPreloads?: readonly PreloadHint[];
    /** Manifest URL → entry script, for the remotes whose manifest the server read. */
    remoteEntries?: Readonly<Record<string, string>>;
    rendered?: ServerRenderedPage;
    /** The sign-in page's path when it is sent instead of the page asked for. */
    signInFirst?: string;
  },
): string {
  const priority = rendered === undefined ? 'low' : 'auto';
  const links = [
    ...new Set([...preloads, ...federationPreloads].map((hint) => preloadLink(hint, priority))),
  ].join('');
  const hints =
    rendered === undefined || !links
      ? links
      : `<template id="${AFTER_PAINT_HINTS_ID}">${links}</template>${AFTER_PAINT_SCRIPT_ELEMENT}`;
  let page = template;
  if (rendered !== undefined && EMPTY_ROOT.test(page)) {
    // Not yet interactive until the shell has hydrated it (shell/src/boot/readiness.ts).
    const root = `<div id="root" ${NOT_YET_INTERACTIVE_ATTRIBUTE}="true">`;
    // A function, so `$` in the page's text is never read as a replacement pattern.
    page = page.replace(EMPTY_ROOT, () => `${root}${rendered.html}</div>`);
  }
  const head = [
    hints,
    `<script type="application/json" id="${REMOTES_CONFIG_ELEMENT_ID}">${jsonForScript(remotesConfig)}</script>`,
    Object.keys(remoteEntries).length === 0
      ? ''
      : `<script type="application/json" id="${REMOTE_ENTRIES_ID}">${jsonForScript(remoteEntries)}</script>`,
    rendered?.queryState === undefined
      ? ''
      : `<script type="application/json" id="${SERVER_QUERY_STATE_ID}">${jsonForScript(rendered.queryState)}</script>`,
    signInFirst === undefined
      ? ''
      : `<script type="application/json" id="${SIGN_IN_FIRST_ID}">${jsonForScript(signInFirst)}</script>`,
    rendered?.head ?? '',
  ].join('');
  if (signInFirst !== undefined) {
    // After #root, so it runs once the page is parsed and before it paints.
    const end = page.search(/<\/body>/i);
    page =
      end >= 0
        ? `${page.slice(0, end)}${SIGN_IN_FIRST_SCRIPT_ELEMENT}${page.slice(end)}`
        : `${page}${SIGN_IN_FIRST_SCRIPT_ELEMENT}`;
  }
  const at = page.search(/<\/head>/i);
  if (at >= 0) return `${page.slice(0, at)}${head}${page.slice(at)}`;
  const body = page.search(/<body[\s>]/i);
  return body >= 0 ? `${page.slice(0, body)}${head}${page.slice(body)}` : head + page;
}

/**
 * The visitor's releases of the remotes (api/src/releases, ADR 019): the remotes configuration to
 * inline, and for a remote with releases the files of the visitor's release, so the hints, the
 * entry and the server render all come from the release the browser will load.
 */
export interface PageReleases {
  config: RemotesManifest;
  files(
    name: RemoteName,
  ): { manifest: string; pageChunks: string; serverBundle: string } | undefined;
  /** Told the remote that owns the page (null: the shell's own page). */
  served(owner: RemoteName | null): void;
}

export interface PageComposer {
  /**
   * The page for `url` (path and query), rendered on the server when `renderer` is given (for
   * `visitor`, signed in, when one is given: ADR 015; with `releases`, from the visitor's releases),
   * or undefined when the shell has no index.html.
   */
  page(
    url: string,
    visitor?: SignedInVisitor,
    releases?: PageReleases,
  ): Promise<string | undefined>;
}

/**
 * Builds pages from the files on disk: the shell's build folder and the folders of the remotes
 * this process serves. A remote deployed elsewhere (`REMOTE_<NAME>_URL`) gets no hints: its
 * manifest is not on this machine, and the shell loads it as before.
 */
export function createPageComposer({
  shellDist,
  remoteDists,
  remotesConfig,
  renderer,
}: {
  shellDist: string;
  remoteDists: Partial<Record<RemoteName, string>>;
  remotesConfig: () => RemotesManifest;
  renderer?: ServerRenderer;
}): PageComposer {
  const readText = fileCache((text) => text);
  const readJson = fileCache((text) => JSON.parse(text) as unknown);
  return {
    async page(asked, visitor, releases) {
      const template = readText(path.join(shellDist, 'index.html'));
      if (template === undefined) return undefined;
      const config = releases?.config ?? remotesConfig();
      const table = readJson(path.join(shellDist, 'route-owners.json')) as RouteOwners | undefined;
      // A page for signed-in people, asked for without a session: its code would only send the
      // visitor to sign in, so the server sends the sign-in page at once (its inline script
      // remembers the page asked for, ./sign-in-first-script.ts). Only where the server renders:
      // the shell's static page would otherwise hydrate nothing.
      const signInFirst =
        renderer !== undefined && !visitor && isSignedInOnly(asked.split('?')[0] ?? '/', table)
          ? SIGN_IN_PAGE
          : undefined;
      const url = signInFirst ?? asked;
      const pathname = url.split('?')[0] ?? '/';
      const owner = ownerOf(pathname, table?.owners ? table : undefined);
      // The shell's start-up chunks, what loading a remote takes on a remote's page, and the page's
      // own chunks (in the reference build, a remote's page's too).
      const shellChunks = readJson(path.join(shellDist, 'page-chunks.json'));
      const federated = table?.federation !== false;
      const hint = (file: string): PreloadHint => ({ href: `/${file}`, as: 'script' });
      const loadsRemote = isPageChunks(shellChunks) && owner ? (shellChunks.remotes ?? []) : [];
      const preloads: PreloadHint[] = isPageChunks(shellChunks)
        ? [
            ...shellChunks.boot,
            ...(federated ? [] : loadsRemote),
            ...(owner ? (shellChunks.remoteRoutes?.[owner] ?? []) : []),
            ...routeChunks(shellChunks, pathname),
          ].map(hint)
        : [];
      // What only federation adds (its runtime, the remote's entry and `./routes`), hinted after
      // the page's own chunks.
      const federationPreloads: PreloadHint[] = federated ? loadsRemote.map(hint) : [];
      const remoteEntries: Record<string, string> = {};
      const dist = owner ? remoteDists[owner] : undefined;
      const manifestUrl = owner ? config[owner] : undefined;
      const release = owner ? releases?.files(owner) : undefined;
      // Only a remote served from this process's own /remotes/<name>/ has its manifest here.
      if (
        federated &&
        owner &&
        dist &&
        manifestUrl &&
        (release || manifestUrl === `/remotes/${owner}/mf-manifest.json`)
      ) {
        const manifest = readJson(release?.manifest ?? path.join(dist, 'mf-manifest.json'));
        const pageChunks = readJson(release?.pageChunks ?? path.join(dist, 'page-chunks.json'));
        const pageFiles = isPageChunks(pageChunks) ? routeChunks(pageChunks, pathname) : [];
        if (manifest && typeof manifest === 'object') {
          const remote = manifest as FederationManifest;
          federationPreloads.push(...remotePreloads(manifestUrl, remote));
          // The page's own chunks of the remote.
          preloads.push(...remoteFileHints(manifestUrl, remote, pageFiles));
          const entry = remoteEntryHref(manifestUrl, remote);
          if (entry) remoteEntries[manifestUrl] = entry;
        }
      }
      // A signed-in render reads only the data its page declares.
      const signedIn: SignedInRender | undefined = visitor && {
        ...visitor,
        reads: signedInReads(pathname, table?.owners ? table : undefined),
      };
      const rendered = renderer
        ? await renderer.render(url, owner, signedIn, release?.serverBundle)
        : undefined;
      releases?.served(owner);
      return composePage(template, {
        remotesConfig: config,
        preloads,
        federationPreloads,
        remoteEntries,
        rendered,
        signInFirst,
      });
    },
  };
}
