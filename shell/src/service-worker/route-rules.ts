// Which requests the worker's routes take, and for how long it keeps them (ADR 018). No
// Workbox here, so the rules are tested on their own.

// shared-build names production files `[name].[contenthash:10].ext` (the server's rule too).
const CONTENT_HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

/** How long the network has before a cached manifest answers (a phone with one bar left). */
export const MANIFEST_TIMEOUT_SECONDS = 4;
/** Files of a release not loaded for this long are deleted (they are also capped in number). */
export const HASHED_FILE_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;
export const HASHED_FILE_MAX_ENTRIES = 250;

/** `/remotes.json` of this site, or any remote's `mf-manifest.json`. */
export function isReleaseManifest(url: URL, sameOrigin: boolean): boolean {
  return (
    (sameOrigin && url.pathname === '/remotes.json') || url.pathname.endsWith('/mf-manifest.json')
  );
}

/**
 * A file whose name carries its content's hash: the same name is always the same bytes. Never
 * an API answer, whatever its path looks like.
 */
export function isContentHashed(url: URL): boolean {
  return (
    url.protocol.startsWith('http') &&
    !url.pathname.startsWith('/api/') &&
    CONTENT_HASHED.test(url.pathname)
  );
}
