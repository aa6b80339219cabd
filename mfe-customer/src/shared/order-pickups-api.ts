import { queryOptions } from '@tanstack/react-query';
import { CACHE_GROUPS, fetchJson } from 'shared-client';
import type { OrderPickup } from 'shared-contracts/order-pickups';
import { orderPickupListSchema, orderPickupSchema } from 'shared-contracts/order-pickups';

/** The pickup history's pages, whatever the filters: an order's change invalidates them all. */
export const allPickupHistoryQueryKey = ['deliveries', 'history'] as const;

/** The person's order pickups: fresh 30 s, kept 10 min, refreshed every 60 s. */
export const orderPickupsQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'order-pickups'] as const,
    queryFn: async ({ signal }) =>
      orderPickupListSchema.parse(
        await fetchJson<unknown>('/api/order-pickups', 'orderPickups', signal),
      ),
    staleTime: CACHE_GROUPS.orderPickups.staleTime,
    gcTime: CACHE_GROUPS.orderPickups.gcTime,
    refetchInterval: CACHE_GROUPS.orderPickups.refetchInterval,
  });

export const orderPickupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['customer', 'order-pickups', id] as const,
    queryFn: ({ signal }) => fetchOrderPickup(id, signal),
    staleTime: CACHE_GROUPS.orderPickups.staleTime,
    gcTime: CACHE_GROUPS.orderPickups.gcTime,
  });

/** One order pickup (its detail, or what "Order again" prefills the scheduling flow with). */
export async function fetchOrderPickup(id: string, signal?: AbortSignal): Promise<OrderPickup> {
  return orderPickupSchema.parse(
    await fetchJson<unknown>(
      `/api/order-pickups/${encodeURIComponent(id)}`,
      'orderPickups',
      signal,
    ),
  );
}
