import type { QueryClient } from '@tanstack/react-query';
import { DEVICE_DATA_DB, SERVICE_WORKER_URL, WORKER_MESSAGES } from 'shared-contracts/offline';

/**
 * The customer's data on this device (ADR 018): the persisted query cache and paused writes
 * (offline/device-cache.ts, loaded on first use) and the service worker's queued copies. The
 * session decides: shared-auth calls `setDeviceDataOwner` whenever it starts or ends one, and
 * everything personal is deleted when the session ends or changes hands.
 */

const deviceCache = () => import(/* webpackChunkName: "device-cache" */ './offline/device-cache');

let client: QueryClient | undefined;
let owner: string | null = null;

/**
 * Keeps `userId`'s data of `queryClient` on the device from now on (null: signed out, nothing is
 * kept). Called once the page is interactive: restoring and saving stay off the first load.
 */
export async function keepOnDevice(queryClient: QueryClient, userId: string | null): Promise<void> {
  client = queryClient;
  owner = userId;
  if (userId) await (await deviceCache()).follow(queryClient, userId);
  else await forgetDeviceData();
}

/** The session now belongs to `userId` (null: signed out). Another owner's data is deleted. */
export async function setDeviceDataOwner(userId: string | null): Promise<void> {
  if (userId === owner && userId !== null) return;
  const previous = owner;
  owner = userId;
  if (previous !== null || userId === null) await forgetDeviceData();
  if (userId && client) await (await deviceCache()).follow(client, userId);
}

/** Tells the service worker to drop its personal copies; nothing to do without one. */
function clearWorkerData(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return Promise.resolve();
  return navigator.serviceWorker
    .getRegistration(SERVICE_WORKER_URL)
    .then((registration) =>
      registration?.active?.postMessage({ type: WORKER_MESSAGES.clearPersonalData }),
    )
    .catch(() => {});
}

/**
 * Whether this device may hold a persisted cache. Where the browser can list its databases, a
 * visitor who never had one does not load the cache's code just to find it empty.
 */
async function mayHoldCache(): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === DEVICE_DATA_DB);
  } catch {
    return true;
  }
}

/** Deletes every personal copy on this device: the persisted cache and the worker's queue. */
export async function forgetDeviceData(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await Promise.all([
    mayHoldCache()
      .then(async (held) => {
        if (held) await (await deviceCache()).forget();
      })
      .catch(() => {}),
    clearWorkerData(),
  ]);
}
