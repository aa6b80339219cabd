import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { CACHE_GROUPS, retryDelay } from './cache-groups';
import { connection } from './connection';

/**
 * Queries retry once (SPEC section 8), but not on a 4xx: asking again for a 404 or 401 cannot
 * succeed and only delays the message the person needs to see.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(error instanceof ApiError && error.status < 500);
}

/**
 * Mutations retry once, but only when the request never got an answer (network failure). A write
 * that reached the server is not repeated blindly: a second login attempt would count against the
 * throttle, a second payment is what Idempotency-Key exists to stop.
 */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !(error instanceof ApiError);
}

/**
 * The one QueryClient config (SPEC section 9): no automatic polling, refetch on window focus, one
 * retry with exponential delay for queries and one for mutations. Cache groups set their own
 * staleTime/gcTime per query through `queryOptions` factories.
 */
export function createQueryClient(): QueryClient {
  // Queries and mutations pause while the API cannot be reached, and resume when it can.
  if (typeof window !== 'undefined') connection.install();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_GROUPS.default.staleTime,
        gcTime: CACHE_GROUPS.default.gcTime,
        refetchInterval: false,
        refetchOnWindowFocus: true,
        retry: shouldRetryQuery,
        retryDelay,
      },
      mutations: { retry: shouldRetryMutation, retryDelay },
    },
  });
}
