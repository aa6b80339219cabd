import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryDelay } from './cache-groups';
import { shouldRetryMutation, shouldRetryQuery } from './query-client';

describe('retry policy', () => {
  it('waits 1 s doubled per attempt, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('retries a query once on server and network errors, never on a 4xx', () => {
    expect(shouldRetryQuery(0, new ApiError(503, 'Unavailable', ''))).toBe(true);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(1, new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, 'Not Found', ''))).toBe(false);
  });

  it('retries a mutation once only when no answer came back', () => {
    expect(shouldRetryMutation(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryMutation(1, new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldRetryMutation(0, new ApiError(500, 'Error', ''))).toBe(false);
  });
});
