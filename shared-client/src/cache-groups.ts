/**
 * Cache groups (docs/product.md, "Timings"): how long data stays fresh (staleTime) and how long an
 * unused entry is kept (gcTime). The default fetcher also sends `Cache-Control: max-age` from
 * staleTime.
 */
const MINUTE = 60_000;

export const CACHE_GROUPS = {
  stores: { staleTime: 5 * MINUTE, gcTime: 30 * MINUTE },
  orderPickups: { staleTime: 30_000, gcTime: 10 * MINUTE, refetchInterval: MINUTE },
  delivery: { staleTime: 10_000, gcTime: 5 * MINUTE },
  activeDelivery: { staleTime: 5_000, gcTime: 3 * MINUTE },
  user: { staleTime: 10 * MINUTE, gcTime: 60 * MINUTE },
  default: { staleTime: MINUTE, gcTime: 10 * MINUTE },
} as const;

export type CacheGroup = keyof typeof CACHE_GROUPS;

/** Retry delay: 1 s doubled per attempt, at most 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}
