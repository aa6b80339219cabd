import { SERVICE_WORKER_URL } from 'shared-contracts/offline';

/**
 * What the worker should keep of this page's load, which it may not have seen (it takes over
 * after the first load, or while a load is under way): the files loaded (scripts, styles,
 * manifests; the worker's routes decide what is kept and how, and files it has already cost it
 * nothing), the manifests beside the remotes' entries, and `/remotes.json`, which a
 * server-rendered page has inlined instead of asking.
 */
export function urlsToKeep(loaded: readonly string[], origin: string): string[] {
  const files = loaded.filter((url) => {
    const parsed = new URL(url, origin);
    return (
      parsed.protocol.startsWith('http') &&
      !(parsed.origin === origin && parsed.pathname.startsWith('/api/'))
    );
  });
  // A server-rendered page names a remote's entry itself, so its manifest was never asked for;
  // it sits beside the entry, and an offline visit needs it.
  const manifests = files
    .filter((url) => /\/remoteEntry\.[0-9a-f]{10}\.js$/.test(new URL(url).pathname))
    .map((url) => new URL('mf-manifest.json', url).href);
  return [...new Set([...files, ...manifests, `${origin}/remotes.json`])];
}

/**
 * Registers the site's service worker (scope: the whole site) once the page is interactive, and
 * hands it the files this page already loaded (workbox-routing's `CACHE_URLS` message), so the
 * curbside page opens offline after a single visit. `ready` waits for an active worker whether
 * this page installed it, an earlier page did, or it is still installing.
 */
export async function registerWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  let active: ServiceWorker | null;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    active = (await navigator.serviceWorker.ready).active;
  } catch (error) {
    // The site works without it, only not offline.
    console.warn('[shell] The service worker could not be registered', error);
    return;
  }
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  active?.postMessage({
    type: 'CACHE_URLS',
    payload: { urlsToCache: urlsToKeep(loaded, window.location.origin) },
  });
}
