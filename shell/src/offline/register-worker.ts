import { SERVICE_WORKER_URL } from 'shared-contracts/offline';
import { Workbox } from 'workbox-window';

/**
 * What the worker should keep of this page's first load, which it did not see: the files loaded
 * before it controlled the page (scripts, styles, manifests; the worker's routes decide what is
 * kept and how), and `/remotes.json`, which a server-rendered page has inlined instead of asking.
 */
export function urlsToKeep(
  loaded: readonly string[],
  origin: string,
  controlledAtStart: boolean,
): string[] {
  const files = controlledAtStart
    ? []
    : loaded.filter((url) => {
        const parsed = new URL(url, origin);
        return (
          parsed.protocol.startsWith('http') &&
          !(parsed.origin === origin && parsed.pathname.startsWith('/api/'))
        );
      });
  return [...new Set([...files, `${origin}/remotes.json`])];
}

/**
 * Registers the site's service worker (scope: the whole site) once the page is interactive, and
 * hands it the files this page already loaded (workbox-routing's `CACHE_URLS` message), so the
 * curbside page opens offline after a single visit.
 */
export async function registerWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const controlledAtStart = Boolean(navigator.serviceWorker.controller);
  const workbox = new Workbox(SERVICE_WORKER_URL);
  try {
    await workbox.register();
    await workbox.active;
  } catch (error) {
    // The site works without it, only not offline.
    console.warn('[shell] The service worker could not be registered', error);
    return;
  }
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  await workbox
    .messageSW({
      type: 'CACHE_URLS',
      payload: { urlsToCache: urlsToKeep(loaded, window.location.origin, controlledAtStart) },
    })
    .catch(() => {});
}
