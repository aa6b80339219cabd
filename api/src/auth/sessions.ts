import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions, users } from './schema.ts';
import { generateToken, hashToken } from './tokens.ts';
import { type AuthUser, toAuthUser } from './user.ts';

/** A session lasts 30 days from sign-in; logging out ends it at once. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Expired or revoked sessions are kept this long (for support questions), then deleted. */
const SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** What `request.session` holds on routes behind `requireUser`. */
export interface AuthSession {
  id: string;
  /** End of the sensitive window; null or past means a password re-check is needed. */
  sensitiveUntil: Date | null;
  expiresAt: Date;
}

export interface CreatedSession {
  token: string;
  session: AuthSession;
}

/** Opens a session; signing in also opens the sensitive window. */
export async function createSession(
  db: Db,
  userId: string,
  options: { now: Date; sensitiveWindowMs: number },
): Promise<CreatedSession> {
  const { now } = options;
  const token = generateToken();
  // Housekeeping for this user only: cheap, and keeps the table from growing without bound.
  const cutoff = new Date(now.getTime() - SESSION_RETENTION_MS);
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)),
      ),
    );
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      sensitiveUntil: new Date(now.getTime() + options.sensitiveWindowMs),
    })
    .returning();
  if (!row) throw new Error('Creating the session returned no row');
  return {
    token,
    session: { id: row.id, sensitiveUntil: row.sensitiveUntil, expiresAt: row.expiresAt },
  };
}

/** The live session for a bearer token and its user, or null (unknown, expired or revoked). */
export function findSession(
  db: Db,
  token: string,
  now: Date,
): Promise<{ user: AuthUser; session: AuthSession } | null> {
  return findSessionByTokenHash(db, hashToken(token), now);
}

/**
 * The lookup every signed-in request makes, prepared once per database handle: drizzle does not
 * rebuild its SQL each time, and PostgreSQL parses and plans it once per connection
 * (docs/benchmarks.md, "Figures behind code choices").
 */
function sessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      sensitiveUntil: sessions.sensitiveUntil,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_session_by_token_hash');
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/** `findSession` by the token's hash: one probe of the unique index, joined to the user. */
export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user: AuthUser; session: AuthSession } | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = sessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash, now });
  if (!row) return null;
  return {
    user: toAuthUser(row),
    session: { id: row.sessionId, sensitiveUntil: row.sensitiveUntil, expiresAt: row.expiresAt },
  };
}

/** Ends a session for real: its token stops working on every API process at once. */
export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Opens (or extends) the session's sensitive window after a successful password re-check. */
export async function openSensitiveWindow(db: Db, sessionId: string, until: Date): Promise<void> {
  await db.update(sessions).set({ sensitiveUntil: until }).where(eq(sessions.id, sessionId));
}

export function isSensitiveWindowOpen(session: AuthSession, now: Date): boolean {
  return session.sensitiveUntil !== null && session.sensitiveUntil.getTime() > now.getTime();
}
