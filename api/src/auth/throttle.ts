import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { queryRows } from '../db/sql-helpers.ts';
import { HttpError } from '../http/errors.ts';
import { authThrottle } from './schema.ts';
import { hashToken } from './tokens.ts';

/** Issue #3: after 5 failed password checks within 15 minutes, further attempts get 429. */
export const MAX_FAILED_ATTEMPTS = 5;
export const THROTTLE_WINDOW_MS = 15 * 60_000;

export class TooManyAttemptsError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = tooManyAttemptsMessage(retryAfterSeconds),
  ) {
    super(429, message);
  }
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The counter of a real account, shared by login (with email or username) and verify-recent. */
export function accountSubject(userId: string): string {
  return `user:${userId}`;
}

/**
 * The counter for a name that matches no account. Throttled exactly like an account, so a 429
 * after five tries does not tell an attacker whether the account exists. Hashed: people mistype
 * their email into the username box, and the table should not collect those.
 */
export function identifierSubject(identifier: string): string {
  return `identifier:${hashToken(identifier.trim().toLowerCase())}`;
}

/**
 * Counts an attempt BEFORE the password is checked, in one atomic upsert. Counting first (and
 * forgiving on success) means a burst of parallel guesses, even spread over several API processes,
 * gets at most MAX_FAILED_ATTEMPTS checks: the sixth concurrent request already sees 6.
 * Throws TooManyAttemptsError once the window holds more than MAX_FAILED_ATTEMPTS attempts.
 */
export async function reserveAttempt(db: Db, subject: string, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  // Rows whose window has passed mean nothing any more; dropping them keeps the table small.
  await db.delete(authThrottle).where(lt(authThrottle.windowStartedAt, new Date(windowStart)));
  const expired = sql`${authThrottle.windowStartedAt} <= ${windowStart}::timestamptz`;
  const [row] = await queryRows<{ attempts: number; window_started_at: string | Date }>(
    db,
    sql`insert into ${authThrottle} (subject, attempts, window_started_at)
        values (${subject}, 1, ${nowIso}::timestamptz)
        on conflict (subject) do update set
          attempts = case when ${expired} then 1 else ${authThrottle.attempts} + 1 end,
          window_started_at = case when ${expired} then ${nowIso}::timestamptz
                                   else ${authThrottle.windowStartedAt} end
        returning attempts, window_started_at`,
  );
  if (!row) throw new Error('Recording a sign-in attempt returned no row');
  if (row.attempts > MAX_FAILED_ATTEMPTS) {
    const endsAt = new Date(row.window_started_at).getTime() + THROTTLE_WINDOW_MS;
    throw new TooManyAttemptsError(Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)));
  }
}

/** A correct password forgives the failures before it. */
export async function clearAttempts(db: Db, subject: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.subject, subject));
}
