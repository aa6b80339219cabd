import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  apiFetch,
  apiRequest,
  CACHE_GROUPS,
  fetchJson,
  newIdempotencyKey,
} from 'shared-client';
import { type Delivery, deliverySchema } from 'shared-contracts/deliveries';
import { allPickupHistoryQueryKey, orderPickupsQueryOptions } from '../../shared/order-pickups-api';

/**
 * The tracked delivery. `/delivery-tracking/:id` takes an order id (what the scheduling flow and
 * the history link to) or a delivery id: the order's active delivery is asked for first
 * (its cache group: fresh 5 s, kept 3 min), then the delivery itself.
 */
export async function fetchTrackedDelivery(id: string, signal?: AbortSignal): Promise<Delivery> {
  try {
    return deliverySchema.parse(
      await fetchJson<unknown>(
        `/api/deliveries/order/${encodeURIComponent(id)}`,
        'activeDelivery',
        signal,
      ),
    );
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
    return deliverySchema.parse(
      await fetchJson<unknown>(`/api/deliveries/${encodeURIComponent(id)}`, 'delivery', signal),
    );
  }
}

export const trackedDeliveryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['deliveries', 'tracked', id] as const,
    queryFn: ({ signal }) => fetchTrackedDelivery(id, signal),
    staleTime: CACHE_GROUPS.activeDelivery.staleTime,
    gcTime: CACHE_GROUPS.activeDelivery.gcTime,
    // Unknown or someone else's id: say so at once rather than retrying a 404.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });

export const deliveryEventsUrl = (deliveryId: string) => `/api/deliveries/${deliveryId}/events`;

/**
 * The proof image as an object URL: it is served only with the owner's bearer token, which an
 * `<img src>` cannot send. Kept like a delivery (10 s fresh is moot: proof never changes).
 */
export const proofImageQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['deliveries', 'proof', url] as const,
    queryFn: async ({ signal }) => {
      const response = await apiFetch(url, { auth: true, signal });
      return URL.createObjectURL(await response.blob());
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: CACHE_GROUPS.delivery.gcTime,
  });

export type DeliveryAction = 'cancel' | 'confirm-presence' | 'reschedule';

/** Cancel (free before the courier leaves), "I'm at the door", reschedule after a missed hand-over. */
export function useDeliveryAction(trackedId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Parsed like the tracked delivery it replaces in the cache.
    mutationFn: async ({ deliveryId, action }: { deliveryId: string; action: DeliveryAction }) =>
      deliverySchema.parse(
        await apiRequest<unknown>('POST', `/api/deliveries/${deliveryId}/${action}`, undefined, {
          auth: true,
          headers: action === 'cancel' ? { 'Idempotency-Key': newIdempotencyKey() } : undefined,
        }),
      ),
    onSuccess: async (delivery) => {
      queryClient.setQueryData(trackedDeliveryQueryOptions(trackedId).queryKey, delivery);
      // The order's status changed with it (history, curbside order selector, wallet).
      await queryClient.invalidateQueries({ queryKey: orderPickupsQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: allPickupHistoryQueryKey });
    },
  });
}
