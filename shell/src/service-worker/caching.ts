import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  HASHED_FILE_MAX_AGE_SECONDS,
  HASHED_FILE_MAX_ENTRIES,
  MANIFEST_TIMEOUT_SECONDS,
} from './route-rules';

/** Cache names, versioned so a change of what they hold starts them anew. */
export const CACHES = {
  manifests: 'curbrun-release-manifests-v1',
  hashedFiles: 'curbrun-hashed-files-v1',
} as const;

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
