import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'shared-client';
import { type CreateOrderPickupRequest, orderPickupSchema } from 'shared-contracts/order-pickups';
import { orderPickupsQueryOptions } from '../../shared/order-pickups-api';
import { paymentMethodsQueryOptions, walletQueryOptions } from '../../shared/payments-api';

/** POST /api/order-pickups with the draft's Idempotency-Key: one order per draft. */
export function useCreateOrderPickupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // Parsed before it goes into the cache the tracking page reads.
    mutationFn: async ({
      body,
      idempotencyKey,
    }: {
      body: CreateOrderPickupRequest;
      idempotencyKey: string;
    }) =>
      orderPickupSchema.parse(
        await apiRequest<unknown>('POST', '/api/order-pickups', body, {
          auth: true,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    onSuccess: async (order) => {
      queryClient.setQueryData(['customer', 'order-pickups', order.id], order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderPickupsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
      ]);
    },
  });
}
