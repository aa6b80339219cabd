import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, fetchJson, newIdempotencyKey } from 'shared-client';
import { type CompleteCheckoutRequest, checkoutSessionSchema } from 'shared-contracts/checkout';
import { orderPickupSchema } from 'shared-contracts/order-pickups';
import { orderPickupsQueryOptions } from '../../shared/order-pickups-api';
import { paymentMethodsQueryOptions, walletQueryOptions } from '../../shared/payments-api';

export const checkoutSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['customer', 'checkout-session', id] as const,
    queryFn: async ({ signal }) =>
      checkoutSessionSchema.parse(
        await fetchJson<unknown>(
          `/api/checkout-sessions/${encodeURIComponent(id)}`,
          'default',
          signal,
        ),
      ),
    // An open session does not change on its own; only paying it does.
    staleTime: 5 * 60_000,
  });

export function useCompleteCheckoutMutation(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The paid screen shows the order number and status from this answer: parsed like the reads.
    mutationFn: async ({
      body,
      idempotencyKey,
    }: {
      body: CompleteCheckoutRequest;
      idempotencyKey: string;
    }) =>
      orderPickupSchema.parse(
        await apiRequest<unknown>(
          'POST',
          `/api/checkout-sessions/${encodeURIComponent(sessionId)}/complete`,
          body,
          { auth: true, headers: { 'Idempotency-Key': idempotencyKey } },
        ),
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: checkoutSessionQueryOptions(sessionId).queryKey,
        }),
        queryClient.invalidateQueries({ queryKey: orderPickupsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
      ]);
    },
  });
}

/**
 * One Idempotency-Key per checkout session and tab (session storage), so retrying a payment
 * after a timeout or a reload can never pay the session twice.
 */
export function checkoutIdempotencyKey(sessionId: string): string {
  const storageKey = `curbrun:checkout-key:${sessionId}`;
  try {
    const existing = sessionStorage.getItem(storageKey);
    if (existing) return existing;
    const key = newIdempotencyKey();
    sessionStorage.setItem(storageKey, key);
    return key;
  } catch {
    return newIdempotencyKey();
  }
}
