import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, CACHE_GROUPS, fetchJson } from 'shared-client';
import {
  CURBSIDE_ELIGIBLE_ORDER_STATUSES,
  type CurbsidePickup,
  createCurbsidePickupResponseSchema,
  curbsidePickupSchema,
} from 'shared-contracts/curbside';
import { type OrderPickupListItem, orderPickupListSchema } from 'shared-contracts/order-pickups';

/** Every live status refresh (SSE and the polling fallback) feeds this one cache entry. */
export const curbsidePickupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['curbside', 'pickup', id] as const,
    queryFn: async ({ signal }) =>
      curbsidePickupSchema.parse(
        await fetchJson<unknown>(
          `/api/curbside-pickups/${encodeURIComponent(id)}`,
          'default',
          signal,
        ),
      ),
    // Live updates keep it current; a refetch on focus would only duplicate them.
    staleTime: 0,
    refetchOnWindowFocus: false,
    structuralSharing: (previous: unknown, next: unknown) => newerRecord(previous, next),
  });

/**
 * Every change appends a tracking update, so their count orders two copies of one record. A poll
 * answered after a newer live event must not roll the screen back.
 */
export function newerRecord(previous: unknown, next: unknown): unknown {
  const a = previous as CurbsidePickup | undefined;
  const b = next as CurbsidePickup;
  if (a && b && a._id === b._id && a.trackingUpdates.length > b.trackingUpdates.length) return a;
  return next;
}

/**
 * The caller's order pickups that can be collected at the curb (ready_for_pickup or confirmed:
 * docs/product.md, "Curbside pickup"). Order pickups cache group: fresh 30 s, kept 10 min,
 * refetched every 60 s.
 */
export const eligibleOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['curbside', 'order-pickups'] as const,
    queryFn: async ({ signal }) =>
      orderPickupListSchema.parse(
        await fetchJson<unknown>('/api/order-pickups', 'orderPickups', signal),
      ),
    select: (orders: OrderPickupListItem[]) =>
      orders.filter((order) =>
        (CURBSIDE_ELIGIBLE_ORDER_STATUSES as readonly string[]).includes(order.status),
      ),
    staleTime: CACHE_GROUPS.orderPickups.staleTime,
    gcTime: CACHE_GROUPS.orderPickups.gcTime,
    refetchInterval: CACHE_GROUPS.orderPickups.refetchInterval,
  });

const pickupPath = (id: string, action: string) =>
  `/api/curbside-pickups/${encodeURIComponent(id)}/${action}`;

/** The new pickup's id, from the arrival's answer (parsed like every other answer here). */
export const arrivalAnswer = (answer: unknown) => createCurbsidePickupResponseSchema.parse(answer);

/** Once an arrival has an answer, the orders that can be collected are read again. */
export function useInvalidateEligibleOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eligibleOrdersQueryOptions().queryKey });
}

/** Verify, collect and cancel answer the new record; it goes straight into the cache. */
function usePickupAction<Body>(id: string, action: 'verify' | 'collected' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) =>
      curbsidePickupSchema.parse(
        await apiRequest<unknown>('POST', pickupPath(id, action), body ?? undefined, {
          auth: true,
        }),
      ),
    onSuccess: (record: CurbsidePickup) => {
      queryClient.setQueryData(curbsidePickupQueryOptions(id).queryKey, record);
    },
    // A wrong PIN still changed the record (one attempt used): read it again.
    onError: () =>
      queryClient.invalidateQueries({ queryKey: curbsidePickupQueryOptions(id).queryKey }),
  });
}

export const useVerifyPin = (id: string) =>
  usePickupAction<{ verificationPin: string }>(id, 'verify');
export const useConfirmCollected = (id: string) => usePickupAction<void>(id, 'collected');
export const useCancelPickup = (id: string) => usePickupAction<void>(id, 'cancel');

export const pickupEventsUrl = (id: string) => pickupPath(id, 'events');
