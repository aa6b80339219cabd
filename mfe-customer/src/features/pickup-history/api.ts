import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CACHE_GROUPS, fetchJson } from 'shared-client';
import { type HistoryFilter, pickupHistoryPageSchema } from 'shared-contracts/deliveries';
import { allPickupHistoryQueryKey } from '../../shared/order-pickups-api';

export interface HistoryFilters {
  page: number;
  pageSize: number;
  status: HistoryFilter | '';
  q: string;
}

function historyUrl(filters: HistoryFilters): string {
  const params = new URLSearchParams({
    page: String(filters.page),
    pageSize: String(filters.pageSize),
  });
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  return `/api/pickup-history?${params}`;
}

/** One page of the history; the previous page stays on screen while the next loads. */
export const pickupHistoryQueryOptions = (filters: HistoryFilters) =>
  queryOptions({
    queryKey: [...allPickupHistoryQueryKey, filters] as const,
    queryFn: async ({ signal }) =>
      pickupHistoryPageSchema.parse(
        await fetchJson<unknown>(historyUrl(filters), 'orderPickups', signal),
      ),
    staleTime: CACHE_GROUPS.orderPickups.staleTime,
    gcTime: CACHE_GROUPS.orderPickups.gcTime,
    placeholderData: keepPreviousData,
  });
