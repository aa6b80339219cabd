import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CACHE_GROUPS, fetchJson } from 'shared-auth';
import type { HistoryFilter, PickupHistoryPage } from 'shared-contracts/deliveries';
import type { OrderPickup } from 'shared-contracts/order-pickups';

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
    queryKey: ['deliveries', 'history', filters] as const,
    queryFn: ({ signal }) =>
      fetchJson<PickupHistoryPage>(historyUrl(filters), 'orderPickups', signal),
    staleTime: CACHE_GROUPS.orderPickups.staleTime,
    gcTime: CACHE_GROUPS.orderPickups.gcTime,
    placeholderData: keepPreviousData,
  });

/** The order's detail, read when "Order again" prefills the scheduling flow. */
export function fetchOrderPickup(id: string, signal?: AbortSignal): Promise<OrderPickup> {
  return fetchJson<OrderPickup>(`/api/order-pickups/${id}`, 'orderPickups', signal);
}
