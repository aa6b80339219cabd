import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { apiRateWindows } from './schema.ts';

export const RATE_WINDOW_SECONDS = 60;

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  allowed: boolean;
}

/**
 * Counts one request of a key in the current fixed one-minute window (in the database, so every
 * API process shares the count) and says whether it is within `limit`.
 */
export async function consumeRateLimit(
  db: Db,
  keyId: string,
  limit: number,
  now: Date,
): Promise<RateLimitState> {
  const windowMs = RATE_WINDOW_SECONDS * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(apiRateWindows)
    .values({ keyId, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [apiRateWindows.keyId, apiRateWindows.windowStart],
      set: { count: sql`${apiRateWindows.count} + 1` },
    })
    .returning({ count: apiRateWindows.count });
  const count = row?.count ?? 1;
  if (count === 1) {
    // First request of a new window: forget this key's older windows.
    await db
      .delete(apiRateWindows)
      .where(and(eq(apiRateWindows.keyId, keyId), lt(apiRateWindows.windowStart, windowStart)));
  }
  const resetSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
  );
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds,
    allowed: count <= limit,
  };
}

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): the policy (quota `q`
 * per window `w` seconds) and the current state (remaining `r`, seconds to reset `t`).
 */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'ratelimit-policy': `"per-key";q=${state.limit};w=${RATE_WINDOW_SECONDS}`,
    ratelimit: `"per-key";r=${state.remaining};t=${state.resetSeconds}`,
  };
}
