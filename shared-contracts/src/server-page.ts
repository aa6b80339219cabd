/**
 * What the server puts into a page it rendered (ADR 010) for the shell to read, without
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
 * The id of the inert `<template>` holding the preload hints of a server-rendered page: the
 * shell's start-up chunks, the page's own and what federation adds (its runtime, the owning
 * remote's entry and `./routes`). The page's one inline script puts them into the head once the
 * HTML has painted (api/src/ssr/after-paint-script.ts, ADR 023): fetched beside the HTML, they
 * held up its largest paint on a slow connection (ADR 017 decision 7), and compiled beside its
 * first layout, they slowed that on a phone with few cores.
 */
export const AFTER_PAINT_HINTS_ID = 'after-paint-hints';

/**
 * Set on `#root` by the server while its HTML is not yet React's (removed by the shell once the
 * page is interactive): assistive technology and automation see the controls as not yet usable,
 * and a tap on them is not held to be replayed later (ADR 017).
 */
export const NOT_YET_INTERACTIVE_ATTRIBUTE = 'aria-disabled';

/** Set on `<html>` by the shell once the first page is interactive: the public readiness signal. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * A copy button's text and the time it was copied before hydration: a tap before the page is
 * React's still copies, inside the tap's user gesture (shell/src/boot/early-copy.ts), and the
 * hydrated button then confirms it (shared-ui's CopyButton).
 */
export const COPY_TEXT_ATTRIBUTE = 'data-copy-text';
export const COPIED_AT_ATTRIBUTE = 'data-copied-at';

/**
 * The id of the JSON data block the server adds when, instead of a page for signed-in people,
 * it sent a visitor without a session the sign-in page (its path, `"/auth"`, is the block's
 * content): the page's code would only have sent them there. The page's inline script then
 * remembers the page they asked for as redirectAfterLogin and shows the sign-in page's address
 * before the first paint (api/src/ssr/sign-in-first-script.ts).
 */
export const SIGN_IN_FIRST_ID = 'sign-in-first';

/**
 * The browser storage keys that script uses before any of the app's code has loaded: the session
 * token in local storage, and the page to return to after signing in, in session storage (as
 * JSON). shared-auth's `STORAGE_KEYS` take these two from here.
 */
export const SIGN_IN_FIRST_STORAGE_KEYS = {
  token: 'token',
  redirectAfterLogin: 'redirectAfterLogin',
} as const;
