import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, fetchJson } from 'shared-client';
import {
  currentSubscriptionResponseSchema,
  type SubscribeRequest,
  subscriptionPlanListSchema,
} from 'shared-contracts/subscriptions';
import { paymentMethodsQueryOptions, walletQueryOptions } from '../../shared/payments-api';
import { allQuotesQueryKey } from '../../shared/quote-api';

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'subscription-plans'] as const,
    queryFn: async ({ signal }) =>
      subscriptionPlanListSchema.parse(
        await fetchJson<unknown>('/api/subscriptions/plans', 'stores', signal),
      ),
    staleTime: 5 * 60_000,
  });

export const currentSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'subscription'] as const,
    queryFn: async ({ signal }) =>
      currentSubscriptionResponseSchema.parse(
        await fetchJson<unknown>('/api/subscriptions/current', 'default', signal),
      ),
  });

async function afterChange(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: currentSubscriptionQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
    // Quotes include the plan's discount.
    queryClient.invalidateQueries({ queryKey: allQuotesQueryKey }),
  ]);
}

export function useSubscribeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      idempotencyKey,
    }: {
      body: SubscribeRequest;
      idempotencyKey: string;
    }) =>
      currentSubscriptionResponseSchema.parse(
        await apiRequest<unknown>('POST', '/api/subscriptions', body, {
          auth: true,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    onSuccess: () => afterChange(queryClient),
  });
}

export function useCancelSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      currentSubscriptionResponseSchema.parse(
        await apiRequest<unknown>('POST', '/api/subscriptions/current/cancel', {}, { auth: true }),
      ),
    onSuccess: () => afterChange(queryClient),
  });
}
