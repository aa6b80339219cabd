import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { queryRows } from '../db/sql-helpers.ts';
import { HttpError } from '../http/errors.ts';
import { authThrottle } from './schema.ts';
import { hashToken } from './tokens.ts';

/**
 * Sign-in throttling (after NIST SP 800-63B §5.2.2): failures are
 * counted per account AND source address, so a stranger's wrong guesses throttle the stranger,
 * never the owner signing in from elsewhere. An address gets MAX_FAILED_ATTEMPTS checks per
 * THROTTLE_WINDOW_MS for an account, then 429 with Retry-After until its window ends.
 */
export const MAX_FAILED_ATTEMPTS = 5;
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/**
 * Guesses spread over many addresses (a botnet) are slowed down rather than locked out: once an
 * account has this many failures in the window from all addresses together, every address that
 * has failed for it gets one check per window instead of five. An address without failures (the
 * owner at home) still gets its password checked, so nobody can lock the account.
 */
export const ACCOUNT_SLOWDOWN_FAILURES = 20;
export const ATTEMPTS_UNDER_SLOWDOWN = 1;

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

/** Who is trying which account: the counters of one sign-in or re-check. */
export interface AttemptKey {
  /** `accountSubject(id)` or `identifierSubject(name)`. */
  account: string;
  /** The client's address (`request.ip`, the real client behind a trusted proxy). */
  address: string;
}

/**
 * The counter of a signed-in password check (password change, account deletion): per session AND
 * address, so a thief's wrong guesses from a stolen session throttle that session only,
 * never the owner changing the password from another one.
 */
export function signedInAttemptKey(userId: string, sessionId: string, address: string): AttemptKey {
  return { account: accountSubject(userId), address: `${address} session:${sessionId}` };
}

/**
 * Callers that pass only an account subject (the signed-in password checks of users/: password
 * change, account deletion) share one "signed in" source: they need a valid session, so no
 * stranger reaches them, and they never touch the login counters of any address.
 */
const SIGNED_IN_SOURCE = 'signed-in session';

function attemptKey(key: AttemptKey | string): AttemptKey {
  return typeof key === 'string' ? { account: key, address: SIGNED_IN_SOURCE } : key;
}

/** The counter of one address against one account; the address is stored hashed. */
export function sourceSubject(key: AttemptKey | string): string {
  const { account, address } = attemptKey(key);
  return `${account}@${hashToken(address)}`;
}

/** One atomic fixed-window increment; answers the window's count and start. */
async function countInWindow(
  db: Db,
  subject: string,
  now: Date,
): Promise<{ attempts: number; windowStartedAt: Date }> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
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
  return { attempts: Number(row.attempts), windowStartedAt: new Date(row.window_started_at) };
}

/** Failures of the account from every address within the current window. */
async function accountFailures(db: Db, account: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ attempts: authThrottle.attempts })
    .from(authThrottle)
    .where(
      and(
        eq(authThrottle.subject, account),
        gt(authThrottle.windowStartedAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)),
      ),
    );
  return row?.attempts ?? 0;
}

/**
 * Counts an attempt of this address against this account BEFORE the password is checked, in one
 * atomic upsert. Counting first (and forgiving on success) means a burst of parallel guesses from
 * one address, even spread over several API processes, gets at most MAX_FAILED_ATTEMPTS checks:
 * the sixth concurrent request already sees 6. Throws TooManyAttemptsError once the address has
 * used its checks for this account (one check per window while the account is under a spread
 * attack). Other addresses are not affected.
 */
export async function reserveAttempt(db: Db, key: AttemptKey | string, now: Date): Promise<void> {
  // Rows whose window has passed mean nothing any more; dropping them keeps the table small.
  await db
    .delete(authThrottle)
    .where(lt(authThrottle.windowStartedAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)));
  const source = await countInWindow(db, sourceSubject(key), now);
  const allowed =
    (await accountFailures(db, attemptKey(key).account, now)) >= ACCOUNT_SLOWDOWN_FAILURES
      ? ATTEMPTS_UNDER_SLOWDOWN
      : MAX_FAILED_ATTEMPTS;
  if (source.attempts > allowed) {
    const endsAt = source.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
    throw new TooManyAttemptsError(Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)));
  }
}

/** A wrong password: counted for the account as a whole too (the spread-attack slowdown). */
export async function recordFailure(db: Db, key: AttemptKey, now: Date): Promise<void> {
  await countInWindow(db, key.account, now);
}

/**
 * A correct password forgives the failures of its own address, and only those: the owner signing
 * in must not reset the throttle of a stranger guessing elsewhere.
 */
export async function clearAttempts(db: Db, key: AttemptKey | string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.subject, sourceSubject(key)));
}
