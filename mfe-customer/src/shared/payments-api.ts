import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, fetchJson } from 'shared-client';
import {
  type CreatePaymentMethodRequest,
  paymentMethodListSchema,
  paymentMethodSchema,
} from 'shared-contracts/payments';
import { walletSummarySchema } from 'shared-contracts/wallet';

/** The wallet balance, shown wherever one pays. */
export const walletQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'wallet'] as const,
    queryFn: async ({ signal }) =>
      walletSummarySchema.parse(await fetchJson<unknown>('/api/wallet', 'default', signal)),
  });

/** Saved cards (brand and last 4), the default first. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'payment-methods'] as const,
    queryFn: async ({ signal }) =>
      paymentMethodListSchema.parse(
        await fetchJson<unknown>('/api/payment-methods', 'default', signal),
      ),
  });

export function useAddPaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // Parsed like the list: the dialog's toast names the saved card from this answer.
    mutationFn: async (body: CreatePaymentMethodRequest) =>
      paymentMethodSchema.parse(
        await apiRequest<unknown>('POST', '/api/payment-methods', body, { auth: true }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
  });
}

export function useSetDefaultPaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      paymentMethodSchema.parse(
        await apiRequest<unknown>('POST', `/api/payment-methods/${id}/default`, {}, { auth: true }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
  });
}

export function useRemovePaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `/api/payment-methods/${id}`, undefined, { auth: true }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
  });
}
