import { and, eq, lt, sql } from 'drizzle-orm';
import type { ApiKeyKind, ApiMode } from 'shared-contracts/retailer';
import type { Db } from '../db/database.ts';
import { apiAccountRateWindows } from './schema.ts';

export const RATE_WINDOW_SECONDS = 60;

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  allowed: boolean;
}

/** Whose budget a request draws on: the account's, per kind and mode of key. */
export interface RateBucket {
  accountId: string;
  kind: ApiKeyKind;
  mode: ApiMode;
}

/**
 * Counts one request in the current fixed one-minute window of the account's bucket (in the
 * database, so every API process shares the count) and says whether it is within `limit`. Every
 * key of one kind and mode counts here, console keys and keys in a grace period included, so
 * minting keys never adds budget.
 */
export async function consumeRateLimit(
  db: Db,
  bucket: RateBucket,
  limit: number,
  now: Date,
): Promise<RateLimitState> {
  const windowMs = RATE_WINDOW_SECONDS * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const name = `${bucket.kind}:${bucket.mode}`;
  const [row] = await db
    .insert(apiAccountRateWindows)
    .values({ accountId: bucket.accountId, bucket: name, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [
        apiAccountRateWindows.accountId,
        apiAccountRateWindows.bucket,
        apiAccountRateWindows.windowStart,
      ],
      set: { count: sql`${apiAccountRateWindows.count} + 1` },
    })
    .returning({ count: apiAccountRateWindows.count });
  const count = row?.count ?? 1;
  if (count === 1) {
    // First request of a new window: forget this bucket's older windows.
    await db
      .delete(apiAccountRateWindows)
      .where(
        and(
          eq(apiAccountRateWindows.accountId, bucket.accountId),
          eq(apiAccountRateWindows.bucket, name),
          lt(apiAccountRateWindows.windowStart, windowStart),
        ),
      );
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
    'ratelimit-policy': `"per-account";q=${state.limit};w=${RATE_WINDOW_SECONDS}`,
    ratelimit: `"per-account";r=${state.remaining};t=${state.resetSeconds}`,
  };
}
