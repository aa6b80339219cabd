import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, fetchJson } from 'shared-client';
import {
  apiKeyListSchema,
  apiKeySchema,
  createdApiKeySchema,
  createdRetailerAccountSchema,
  type RetailerAccount,
  type RetailerAccountInput,
  type RollApiKeyInput,
  retailerAccountSchema,
} from 'shared-contracts/retailer';
import {
  createdWebhookEndpointSchema,
  type WebhookEndpointInput,
  type WebhookEventType,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from 'shared-contracts/webhooks';
import { useReauthenticateWhenNeeded } from './sensitive-auth';

/** The signed-in user's retailer account; null before onboarding (the API answers 404). */
export const retailerAccountQueryOptions = () =>
  queryOptions({
    queryKey: ['retailer', 'account'] as const,
    queryFn: async ({ signal }): Promise<RetailerAccount | null> => {
      try {
        return retailerAccountSchema.parse(
          await fetchJson<unknown>('/api/retailer/account', 'default', signal),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['retailer', 'api-keys'] as const,
    queryFn: async ({ signal }) =>
      apiKeyListSchema.parse(await fetchJson<unknown>('/api/retailer/api-keys', 'default', signal)),
  });

export const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: ['retailer', 'webhook-endpoints'] as const,
    queryFn: async ({ signal }) =>
      webhookEndpointListSchema.parse(
        await fetchJson<unknown>('/api/retailer/webhook-endpoints', 'default', signal),
      ),
  });

export const endpointDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: ['retailer', 'webhook-endpoints', endpointId, 'deliveries'] as const,
    queryFn: async ({ signal }) =>
      webhookDeliveryListSchema.parse(
        await fetchJson<unknown>(
          `/api/retailer/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`,
          'default',
          signal,
        ),
      ),
    // Pending deliveries move on their own (retries): keep the log fresh while it is open.
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? 2_000 : 10_000,
  });

export function useCreateRetailerAccount() {
  const queryClient = useQueryClient();
  const reauthenticate = useReauthenticateWhenNeeded();
  return useMutation({
    // Outside the password re-check window: confirm it and come back.
    onError: reauthenticate,
    mutationFn: async (input: RetailerAccountInput) =>
      createdRetailerAccountSchema.parse(
        await apiRequest<unknown>('POST', '/api/retailer/account', input, { auth: true }),
      ),
    onSuccess: (created) => {
      queryClient.setQueryData(retailerAccountQueryOptions().queryKey, created.account);
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey });
    },
  });
}

export function useSetAllowedDomains() {
  const queryClient = useQueryClient();
  const reauthenticate = useReauthenticateWhenNeeded();
  return useMutation({
    // Outside the password re-check window: confirm it and come back.
    onError: reauthenticate,
    mutationFn: async (domains: string[]) =>
      retailerAccountSchema.parse(
        await apiRequest<unknown>(
          'PUT',
          '/api/retailer/account/allowed-domains',
          { domains },
          { auth: true },
        ),
      ),
    onSuccess: (account) =>
      queryClient.setQueryData(retailerAccountQueryOptions().queryKey, account),
  });
}

export function useRollApiKey() {
  const queryClient = useQueryClient();
  const reauthenticate = useReauthenticateWhenNeeded();
  return useMutation({
    // Outside the password re-check window: confirm it and come back.
    onError: reauthenticate,
    mutationFn: async (input: RollApiKeyInput) =>
      createdApiKeySchema.parse(
        await apiRequest<unknown>('POST', '/api/retailer/api-keys/roll', input, { auth: true }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const reauthenticate = useReauthenticateWhenNeeded();
  return useMutation({
    // Outside the password re-check window: confirm it and come back.
    onError: reauthenticate,
    mutationFn: async (id: string) =>
      apiKeySchema.parse(
        await apiRequest<unknown>(
          'POST',
          `/api/retailer/api-keys/${encodeURIComponent(id)}/revoke`,
          {},
          { auth: true },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  const reauthenticate = useReauthenticateWhenNeeded();
  return useMutation({
    // Outside the password re-check window: confirm it and come back.
    onError: reauthenticate,
    mutationFn: async (input: WebhookEndpointInput) =>
      createdWebhookEndpointSchema.parse(
        await apiRequest<unknown>('POST', '/api/retailer/webhook-endpoints', input, { auth: true }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryOptions().queryKey }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  const reauthenticate = useReauthenticateWhenNeeded();
  return useMutation({
    // Outside the password re-check window: confirm it and come back.
    onError: reauthenticate,
    mutationFn: async ({
      id,
      ...patch
    }: {
      id: string;
      enabled?: boolean;
      events?: WebhookEventType[];
    }) =>
      webhookEndpointSchema.parse(
        await apiRequest<unknown>(
          'PATCH',
          `/api/retailer/webhook-endpoints/${encodeURIComponent(id)}`,
          patch,
          { auth: true },
        ),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryOptions().queryKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  const reauthenticate = useReauthenticateWhenNeeded();
  return useMutation({
    // Outside the password re-check window: confirm it and come back.
    onError: reauthenticate,
    // 204: no answer to parse.
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest<unknown>(
        'DELETE',
        `/api/retailer/webhook-endpoints/${encodeURIComponent(id)}`,
        undefined,
        { auth: true },
      );
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryOptions().queryKey }),
  });
}

export function useSendTestEvent(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (type: WebhookEventType) =>
      webhookDeliverySchema.parse(
        await apiRequest<unknown>(
          'POST',
          `/api/retailer/webhook-endpoints/${encodeURIComponent(endpointId)}/test`,
          { type },
          { auth: true },
        ),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: endpointDeliveriesQueryOptions(endpointId).queryKey,
      }),
  });
}

export function useRetryWebhookDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) =>
      webhookDeliverySchema.parse(
        await apiRequest<unknown>(
          'POST',
          `/api/retailer/webhook-deliveries/${encodeURIComponent(deliveryId)}/retry`,
          {},
          { auth: true },
        ),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: endpointDeliveriesQueryOptions(endpointId).queryKey,
      }),
  });
}
