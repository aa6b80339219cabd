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
  const persister = createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key, deviceStore()),
      setItem: async (key, value: string) => {
        if (mine === generation) await set(key, value, deviceStore());
      },
      removeItem: (key) => del(key, deviceStore()),
    },
    key: PERSISTED_KEY,
    throttleTime: 300,
  });
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
  const stopHandingOver = watchQueuedWrites(client);
  unsubscribe = () => {
    stopPersisting();
    stopHandingOver();
  };
  void client.resumePausedMutations();
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
