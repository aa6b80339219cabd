import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from 'shared-auth';
import { apiRequest, fetchJson } from 'shared-client';
import {
  type CreateAddressRequest,
  savedAddressListSchema,
  savedAddressSchema,
  type UpdateAddressRequest,
} from 'shared-contracts/addresses';

/** The signed-in person's saved addresses (also used by the settings page). */
export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'addresses'] as const,
    queryFn: async ({ signal }) =>
      savedAddressListSchema.parse(await fetchJson<unknown>('/api/addresses', 'default', signal)),
  });

export function useCreateAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateAddressRequest) =>
      savedAddressSchema.parse(
        await apiRequest<unknown>('POST', '/api/addresses', body, { auth: true }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey });
      // The avatar menu shows the default address's street line.
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    },
  });
}

export function useUpdateAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateAddressRequest }) =>
      savedAddressSchema.parse(
        await apiRequest<unknown>('PATCH', `/api/addresses/${id}`, body, { auth: true }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    },
  });
}

export function useDeleteAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `/api/addresses/${id}`, undefined, { auth: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    },
  });
}
