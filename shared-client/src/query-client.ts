import { QueryClient } from '@tanstack/react-query';
import { CACHE_GROUPS, retryDelay } from './cache-groups';
import { connection } from './connection';
import { shouldRetryMutation, shouldRetryQuery } from './query-client-rules';
import { registerQueuedWrites } from './queued-writes';

export { shouldRetryMutation, shouldRetryQuery };

/**
 * The one QueryClient config (docs/product.md, "Timings"): no automatic polling, refetch on window
 * focus, one retry with exponential delay for queries and one for mutations. Cache groups set their
 * own staleTime/gcTime per query through `queryOptions` factories.
 */
export function createQueryClient(): QueryClient {
  // Queries and mutations pause while the API cannot be reached, and resume when it can.
  if (typeof window !== 'undefined') connection.install();
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_GROUPS.default.staleTime,
        gcTime: CACHE_GROUPS.default.gcTime,
        refetchInterval: false,
        refetchOnWindowFocus: true,
        retry: shouldRetryQuery,
        retryDelay,
      },
      mutations: { retry: shouldRetryMutation, retryDelay },
    },
  });
  registerQueuedWrites(client);
  return client;
}
