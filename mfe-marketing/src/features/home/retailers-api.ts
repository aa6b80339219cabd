import { queryOptions } from '@tanstack/react-query';
import { CACHE_GROUPS, fetchJson } from 'shared-client';
import type { Retailer } from 'shared-contracts/retailers';

export const RETAILERS_URL = '/api/retailers';

export async function fetchPartnerRetailers(signal?: AbortSignal): Promise<Retailer[]> {
  // The schema, and zod with it, comes with the answer instead of before the home page paints:
  // the strip is below the fold, the heading is not.
  const [{ retailerListSchema }, body] = await Promise.all([
    import('shared-contracts/retailers'),
    fetchJson<unknown>(RETAILERS_URL, 'stores', signal),
  ]);
  return retailerListSchema.parse(body);
}

/** `['retailers', 'partners']`: the 13 retailers of the home page strip, in strip order. */
export const partnerRetailersQueryOptions = () =>
  queryOptions({
    queryKey: ['retailers', 'partners'] as const,
    queryFn: ({ signal }) => fetchPartnerRetailers(signal),
    // Changes as rarely as stores do; the stores cache group fits.
    staleTime: CACHE_GROUPS.stores.staleTime,
    gcTime: CACHE_GROUPS.stores.gcTime,
  });
