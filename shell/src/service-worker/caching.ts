import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

/** Cache names, versioned so a change of what they hold starts them anew. */
export const CACHES = {
  manifests: 'curbrun-release-manifests-v1',
  hashedFiles: 'curbrun-hashed-files-v1',
} as const;

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

/** A file whose name carries its content's hash: the same name is always the same bytes. */
export function isContentHashed(url: URL): boolean {
  return url.protocol.startsWith('http') && CONTENT_HASHED.test(url.pathname);
}

// Only complete answers: an error page or an opaque cross-origin answer is never kept.
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] });

export function manifestsStrategy() {
  return new NetworkFirst({
    cacheName: CACHES.manifests,
    networkTimeoutSeconds: MANIFEST_TIMEOUT_SECONDS,
    plugins: [okOnly(), new ExpirationPlugin({ maxEntries: 20 })],
  });
}

export function hashedFilesStrategy() {
  return new CacheFirst({
    cacheName: CACHES.hashedFiles,
    plugins: [
      okOnly(),
      new ExpirationPlugin({
        maxEntries: HASHED_FILE_MAX_ENTRIES,
        maxAgeSeconds: HASHED_FILE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  });
}
