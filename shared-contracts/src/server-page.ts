/**
 * What the server puts into a page it rendered (issue 13, ADR 010) for the shell to read, without
 * zod: the shell's first load carries this module.
 */

/**
 * The id of the JSON data block (`<script type="application/json">`) holding the public data the
 * server fetched while rendering, as TanStack Query's dehydrated state. The shell hydrates its
 * QueryClient from it before React hydrates the page, so the page renders the same list the
 * server did and does not fetch (or load zod to check) it again.
 */
export const SERVER_QUERY_STATE_ID = 'server-query-state';

/**
 * The id of the JSON data block naming the entry script of the remote that owns the page, keyed
 * by its manifest URL as `/remotes.json` gives it (`{"/remotes/retailer/mf-manifest.json":
 * "/remotes/retailer/remoteEntry.3f2a….js"}`). The server read that manifest to render the page,
 * so the shell registers the entry at once instead of fetching the manifest again first.
 */
export const REMOTE_ENTRIES_ID = 'server-remote-entries';

/**
 * The id of the `<template>` of a server-rendered page that holds the preload hints the page needs
 * after its first paint: the shell's entry (`<link rel="preload" as="script" id="shell-entry">`)
 * and the files of the remote that owns the page. An inline start-up script (the server's
 * `paint-first.ts`) puts them into the page and starts the entry once the HTML has painted, and
 * holds the clicks and submits made before then.
 */
export const PAINT_FIRST_HINTS_ID = 'paint-first-hints';

/** The id of the shell entry's preload hint among those. */
export const SHELL_ENTRY_ID = 'shell-entry';

/**
 * The global function through which that start-up script hands over what it held: calling it
 * stops the holding and returns the held input, oldest first. The shell's own holders
 * (shell/src/early-clicks.ts, early-submits.ts) take over from there.
 */
export const EARLY_INPUT_HANDOFF = '__curbrunEarlyInput';
