import { queryOptions } from '@tanstack/react-query';
import { CACHE_GROUPS, fetchJson } from 'shared-client';
import { retailerListSchema } from 'shared-contracts/retailers';
import { storeListSchema } from 'shared-contracts/stores';

/** Stores: fresh 5 minutes, kept 30 (docs/product.md, "Timings"). */
export const storesQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'stores'] as const,
    queryFn: async ({ signal }) =>
      storeListSchema.parse(await fetchJson<unknown>('/api/stores', 'stores', signal)),
    staleTime: CACHE_GROUPS.stores.staleTime,
    gcTime: CACHE_GROUPS.stores.gcTime,
  });

/** Retailers change as rarely as stores, so they share the stores cache group. */
export const retailersQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'retailers'] as const,
    queryFn: async ({ signal }) =>
      retailerListSchema.parse(await fetchJson<unknown>('/api/retailers', 'stores', signal)),
    staleTime: CACHE_GROUPS.stores.staleTime,
    gcTime: CACHE_GROUPS.stores.gcTime,
  });
