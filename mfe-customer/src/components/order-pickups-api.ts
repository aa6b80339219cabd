import { queryOptions } from '@tanstack/react-query';
import { CACHE_GROUPS, fetchJson } from 'shared-auth';
import type { OrderPickup, OrderPickupListItem } from 'shared-contracts/order-pickups';

/** The person's order pickups: fresh 30 s, kept 10 min, refreshed every 60 s (SPEC section 9). */
export const orderPickupsQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'order-pickups'] as const,
    queryFn: ({ signal }) =>
      fetchJson<OrderPickupListItem[]>('/api/order-pickups', 'orderPickups', signal),
    staleTime: CACHE_GROUPS.orderPickups.staleTime,
    gcTime: CACHE_GROUPS.orderPickups.gcTime,
    refetchInterval: CACHE_GROUPS.orderPickups.refetchInterval,
  });

export const orderPickupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['customer', 'order-pickups', id] as const,
    queryFn: ({ signal }) =>
      fetchJson<OrderPickup>(`/api/order-pickups/${id}`, 'orderPickups', signal),
    staleTime: CACHE_GROUPS.orderPickups.staleTime,
    gcTime: CACHE_GROUPS.orderPickups.gcTime,
  });
