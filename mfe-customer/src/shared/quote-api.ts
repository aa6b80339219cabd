import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'shared-client';
import { type QuoteRequest, quoteSchema } from 'shared-contracts/quotes';

/** Every quote, whatever its inputs: a price change on the server (409) invalidates them all. */
export const allQuotesQueryKey = ['customer', 'quote'] as const;

/**
 * The live quote: priced by the server (POST /api/quotes) for exactly these inputs. Kept fresh
 * for 30 s (window times move with the clock); the previous answer stays on screen while a new
 * one loads, so the price never flickers to empty.
 */
export const quoteQueryOptions = (request: QuoteRequest | null) =>
  queryOptions({
    queryKey: [...allQuotesQueryKey, request] as const,
    queryFn: async ({ signal }) =>
      quoteSchema.parse(
        await apiRequest<unknown>('POST', '/api/quotes', request, { auth: true, signal }),
      ),
    enabled: request !== null,
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export function useQuote(request: QuoteRequest | null) {
  return useQuery(quoteQueryOptions(request));
}
