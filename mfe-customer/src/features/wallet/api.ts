import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, fetchJson } from 'shared-client';
import {
  type TopUpRequest,
  topUpResponseSchema,
  type WalletEntryKind,
  walletEntriesPageSchema,
} from 'shared-contracts/wallet';
import { paymentMethodsQueryOptions, walletQueryOptions } from '../../shared/payments-api';

export interface LedgerFilters {
  page: number;
  pageSize: number;
  kind: WalletEntryKind | '';
  from: string;
  to: string;
}

export const DEFAULT_LEDGER_FILTERS: LedgerFilters = {
  page: 1,
  pageSize: 10,
  kind: '',
  from: '',
  to: '',
};

function ledgerUrl(filters: LedgerFilters): string {
  const params = new URLSearchParams({
    page: String(filters.page),
    pageSize: String(filters.pageSize),
  });
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return `/api/wallet/entries?${params}`;
}

/** One page of the ledger; the previous page stays shown while the next loads. */
export const walletEntriesQueryOptions = (filters: LedgerFilters) =>
  queryOptions({
    queryKey: ['customer', 'wallet', 'entries', filters] as const,
    queryFn: async ({ signal }) =>
      walletEntriesPageSchema.parse(
        await fetchJson<unknown>(ledgerUrl(filters), 'default', signal),
      ),
    placeholderData: keepPreviousData,
  });

export function useTopUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: TopUpRequest; idempotencyKey: string }) =>
      topUpResponseSchema.parse(
        await apiRequest<unknown>('POST', '/api/wallet/top-ups', body, {
          auth: true,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    // The balance and every ledger page start with ['customer', 'wallet'].
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions().queryKey }),
      ]);
    },
  });
}
