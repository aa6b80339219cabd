import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest, fetchJson } from 'shared-client';
import {
  type CreateRefundRequest,
  type RefundPhoto,
  refundPhotoSchema,
  refundRequestListSchema,
  refundRequestSchema,
} from 'shared-contracts/refunds';
import { walletQueryOptions } from '../../shared/payments-api';

/** The caller's refund requests; polled while one is still waiting for its review. */
export const refundRequestsQueryOptions = () =>
  queryOptions({
    queryKey: ['refunds', 'requests'] as const,
    queryFn: async ({ signal }) =>
      refundRequestListSchema.parse(
        await fetchJson<unknown>('/api/refund-requests', 'default', signal),
      ),
    refetchInterval: (query) =>
      query.state.data?.some((request) => request.status === 'submitted') ? 5_000 : false,
  });

/** Sends one photo as the raw image (the server checks its bytes, type and size again). */
export async function uploadRefundPhoto(file: File): Promise<RefundPhoto> {
  const response = await apiFetch('/api/refund-photos', {
    method: 'POST',
    body: file,
    auth: true,
    headers: { 'Content-Type': file.type },
  });
  return refundPhotoSchema.parse(await response.json());
}

export interface SubmitRefundInput {
  body: Omit<CreateRefundRequest, 'photoIds'>;
  photos: File[];
  idempotencyKey: string;
}

/** Uploads the photos, then sends the request with their ids (one Idempotency-Key per form). */
export function useSubmitRefundMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, photos, idempotencyKey }: SubmitRefundInput) => {
      const uploaded: RefundPhoto[] = [];
      for (const photo of photos) uploaded.push(await uploadRefundPhoto(photo));
      return refundRequestSchema.parse(
        await apiRequest<unknown>(
          'POST',
          '/api/refund-requests',
          { ...body, photoIds: uploaded.map((photo) => photo.id) },
          { auth: true, headers: { 'Idempotency-Key': idempotencyKey } },
        ),
      );
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: refundRequestsQueryOptions().queryKey });
    },
  });
}

/** An approved refund moved money: the wallet shows it at once. */
export function invalidateWallet(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey });
}
