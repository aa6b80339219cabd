import { expect, type Page } from '@playwright/test';

/**
 * What the browser keeps for the offline curbside page (ADR 018), read from inside the page: the
 * service worker's caches, the persisted query cache in IndexedDB and the worker's Background
 * Sync queue. Reading never creates a database that is not there.
 */

/** Every value in one IndexedDB object store, as JSON text; [] when the database is absent. */
export function readIndexedDb(page: Page, database: string, store: string): Promise<string[]> {
  return page.evaluate(
    async ({ database, store }) => {
      const known = await indexedDB.databases();
      if (!known.some((db) => db.name === database)) return [];
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains(store)) return [];
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        return values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
      } finally {
        db.close();
      }
    },
    { database, store },
  );
}

/** The persisted query cache (and paused writes) of shared-client's device cache. */
export const deviceData = (page: Page) => readIndexedDb(page, 'curbrun-device-data', 'queries');

/** Requests kept by the worker for Background Sync (workbox-background-sync's database). */
export const workerQueue = (page: Page) =>
  readIndexedDb(page, 'workbox-background-sync', 'requests');

/** Every URL in the worker's caches. */
export function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

/**
 * Waits until the curbside page can open offline: the worker is active and has the shell, the
 * release manifests and the curbside remote, and the customer's data (with `orderNumber` in it,
 * when given) is on the device.
 */
export async function waitUntilKeptOffline(page: Page, orderNumber?: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const active = await page.evaluate(async () =>
          Boolean((await navigator.serviceWorker.getRegistration('/sw.js'))?.active),
        );
        if (!active) return 'no active worker';
        const urls = await cachedUrls(page);
        if (!urls.some((url) => url.endsWith('/remotes.json')))
          return `no /remotes.json in ${urls.filter((u) => !/\.js$/.test(u)).join(' ')}`;
        if (!urls.some((url) => /\/remotes\/curbside\/remoteEntry\.[0-9a-f]{10}\.js/.test(url)))
          return 'no curbside remote';
        // Precached with its revision in the query string.
        if (!urls.some((url) => url.includes('/index.html'))) return 'no app shell';
        if (!urls.some((url) => url.endsWith('/remotes/curbside/mf-manifest.json')))
          return 'no curbside manifest';
        const data = (await deviceData(page)).join('');
        if (!data.includes('["auth","me"]')) return 'no session user on the device';
        if (orderNumber && !data.includes(orderNumber)) return `no ${orderNumber} on the device`;
        return 'ready';
      },
      { timeout: 30_000, message: 'the curbside page is kept for offline use' },
    )
    .toBe('ready');
}
