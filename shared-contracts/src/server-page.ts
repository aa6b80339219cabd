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
