import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Mutation, Query, QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set } from 'idb-keyval';
import {
  DEVICE_DATA_DB,
  DEVICE_DATA_MAX_AGE_MS,
  DEVICE_DATA_STORE,
} from 'shared-contracts/offline';
import { isQueuedWriteKey } from '../queued-writes';
import { watchQueuedWrites } from './worker-queue';

/**
 * The signed-in customer's data kept in IndexedDB, so the curbside page opens without signal
 * (ADR 018): TanStack Query's persisted cache, limited to what that page shows, and the writes
 * paused while offline. Loaded after the page is interactive; never for a signed-out visitor.
 */

const PERSISTED_KEY = 'query-client';
/** Live updates change the cache several times a second; they are saved at most this often. */
const SAVE_THROTTLE_MS = 300;
/** Query key scopes kept on the device: the session's user and the curbside page's data. */
const KEPT_SCOPES = new Set(['curbside']);

export function isKeptQuery(key: readonly unknown[]): boolean {
  if (key[0] === 'auth') return key[1] === 'me';
  return typeof key[0] === 'string' && KEPT_SCOPES.has(key[0]);
}

const keepQuery = (query: Query) => query.state.status === 'success' && isKeptQuery(query.queryKey);
const keepMutation = (mutation: Mutation) =>
  mutation.state.isPaused && isQueuedWriteKey(mutation.options.mutationKey);

let store: ReturnType<typeof createStore> | undefined;
const deviceStore = () => {
  store ??= createStore(DEVICE_DATA_DB, DEVICE_DATA_STORE);
  return store;
};

// Each `follow` is one generation; a write of an earlier one (a throttled save still pending at
// logout) is dropped, so nothing of a signed-out customer is written back after the clearing.
let generation = 0;
let unsubscribe: (() => void) | undefined;

/**
 * Restores `owner`'s cache into `client` (a copy of anyone else's, or older than a day, is
 * deleted instead), resumes their paused writes, then keeps the copy up to date.
 */
export async function follow(client: QueryClient, owner: string): Promise<void> {
  stop();
  const mine = generation;
  const persister = persisterOf(mine, SAVE_THROTTLE_MS);
  // The owner is the buster: a cache persisted for another user is never restored.
  await persistQueryClientRestore({
    queryClient: client,
    persister,
    buster: owner,
    maxAge: DEVICE_DATA_MAX_AGE_MS,
  });
  if (mine !== generation) return;
  const options = {
    queryClient: client,
    persister,
    buster: owner,
    dehydrateOptions: { shouldDehydrateQuery: keepQuery, shouldDehydrateMutation: keepMutation },
  };
  const stopPersisting = persistQueryClientSubscribe(options);
  // What the page already holds (an arrival tapped before this started) is saved at once.
  void persistQueryClientSave(options);
  const stopSavingOnLeave = saveWhenLeft({ ...options, persister: persisterOf(mine, 0) });
  const stopHandingOver = watchQueuedWrites(client);
  unsubscribe = () => {
    stopPersisting();
    stopSavingOnLeave();
    stopHandingOver();
  };
  void client.resumePausedMutations();
}

/** A persister of this generation: a write of an earlier generation is dropped. */
function persisterOf(mine: number, throttleTime: number) {
  return createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key, deviceStore()),
      setItem: async (key, value: string) => {
        if (mine === generation) await set(key, value, deviceStore());
      },
      removeItem: (key) => del(key, deviceStore()),
    },
    key: PERSISTED_KEY,
    throttleTime,
  });
}

/**
 * A throttled save still waiting when the tab is hidden or left would be lost with the page: the
 * order list seen a moment before closing it would not open offline. Those moments save at once.
 */
function saveWhenLeft(options: Parameters<typeof persistQueryClientSave>[0]): () => void {
  const save = () => void persistQueryClientSave(options);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') save();
  };
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', save);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Stops keeping the cache (what is stored stays, until `forget`). */
export function stop(): void {
  generation += 1;
  unsubscribe?.();
  unsubscribe = undefined;
}

/** Stops, and deletes everything this module stored. */
export async function forget(): Promise<void> {
  stop();
  await clear(deviceStore());
}
