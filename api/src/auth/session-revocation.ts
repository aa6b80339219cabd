import { and, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Db } from '../db/database.ts';
import { sessions } from './schema.ts';

/**
 * "These sessions ended", told to every API process. A revoked session already
 * stops working on the next request, because every request reads the sessions table; what the
 * database cannot reach are things held open in memory: live event streams and cached sessions.
 * They subscribe here and drop what a revocation covers, on every process, as soon as the
 * transaction that ended the session commits.
 *
 * It travels over the same LISTEN/NOTIFY as live updates (`database.listen`), on its own channel.
 */

export const SESSION_REVOCATIONS_CHANNEL = 'session_revocations';

/**
 * What ended: the listed sessions of a user (logout), or every session of the user, possibly but
 * one (password change keeps the session that changed it; account deletion keeps none).
 */
export type SessionRevocation =
  | { userId: string; sessionIds: string[] }
  | { userId: string; allSessions: true; exceptSessionId?: string };

// NOTIFY payloads are capped at 8000 bytes: a long list of ids is said as "all but one" instead.
const MAX_LISTED_SESSIONS = 100;

const revocationSchema = z.union([
  z.object({
    userId: z.string().min(1),
    sessionIds: z.array(z.string().min(1)).max(MAX_LISTED_SESSIONS),
  }),
  z.object({
    userId: z.string().min(1),
    allSessions: z.literal(true),
    exceptSessionId: z.string().min(1).optional(),
  }),
]);

/** Whether a revocation ends the session `sessionId` of user `userId`. */
export function revocationCovers(
  revocation: SessionRevocation,
  session: { userId: string; sessionId: string },
): boolean {
  if (revocation.userId !== session.userId) return false;
  if ('sessionIds' in revocation) return revocation.sessionIds.includes(session.sessionId);
  return revocation.exceptSessionId !== session.sessionId;
}

/**
 * Announces ended sessions. Call it with the transaction that ends them (the one setting
 * `revoked_at` or deleting the account): PostgreSQL delivers the NOTIFY only if that transaction
 * commits, and only then, so no listener acts on a revocation that rolled back.
 */
export async function publishSessionRevocation(
  tx: Db,
  revocation: SessionRevocation,
): Promise<void> {
  if ('sessionIds' in revocation && revocation.sessionIds.length === 0) return;
  const payload = JSON.stringify(revocationSchema.parse(revocation));
  await tx.execute(sql`select pg_notify(${SESSION_REVOCATIONS_CHANNEL}, ${payload})`);
}

export type SessionRevocationListener = (revocation: SessionRevocation) => void;

export interface SessionRevocations {
  /**
   * Calls `listener` with every revocation published by any process (this one included), after
   * its transaction committed. Returns the function that unsubscribes. Listeners run
   * synchronously in the notification's turn; a throwing listener is logged and does not stop the
   * others.
   */
  onRevoked(listener: SessionRevocationListener): () => void;
}

/**
 * The process's one subscription to the channel, fanned out to in-process listeners. Resolves
 * once LISTEN is active, so a revocation committed after start-up is heard.
 */
export async function createSessionRevocations(options: {
  database: Database;
  logger: FastifyBaseLogger;
}): Promise<SessionRevocations> {
  const { database, logger } = options;
  const listeners = new Set<SessionRevocationListener>();
  await database.listen(SESSION_REVOCATIONS_CHANNEL, (payload) => {
    let revocation: SessionRevocation;
    try {
      revocation = revocationSchema.parse(JSON.parse(payload));
    } catch {
      logger.warn({ payload }, 'ignoring malformed session revocation');
      return;
    }
    for (const listener of [...listeners]) {
      try {
        listener(revocation);
      } catch (error) {
        logger.error({ err: error }, 'session revocation listener failed');
      }
    }
  });
  return {
    onRevoked(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * Which of these sessions are still live (neither revoked nor expired) at `now`: one query for
 * many sessions, so a periodic re-check of every open stream costs one round trip, not one each.
 */
export async function liveSessionIds(
  db: Db,
  sessionIds: string[],
  now: Date,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        inArray(sessions.id, sessionIds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
