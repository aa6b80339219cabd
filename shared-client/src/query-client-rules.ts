import { ApiError } from './api-client';

/**
 * Queries retry once, but not on a 4xx: asking again for a 404 or 401 cannot
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
