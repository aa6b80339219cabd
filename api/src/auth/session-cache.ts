import type { FastifyInstance } from 'fastify';
import type { AuthSession } from './sessions.ts';
import type { AuthUser } from './user.ts';

/**
 * Signed-in requests' sessions, kept in memory for a few seconds, only on the embedded database,
 * whose NOTIFY arrives before the write that sent it returns (ADR 008: between PostgreSQL
 * processes it comes after the commit, too late for revocation). Any write request, a NOTIFY on
 * SESSION_CHANGES_CHANNEL from the tables' triggers and the revocation broadcast each drop what
 * they touch, so a revoked session is never served from here.
 */
export const SESSION_CHANGES_CHANNEL = 'session_changes';
export const SESSION_CACHE_TTL_MS = 5_000;
// Far more than the signed-in clients of one process within a TTL; beyond it, start afresh.
const MAX_ENTRIES = 10_000;

export interface FoundSession {
  user: AuthUser;
  session: AuthSession;
}

interface Entry {
  found: FoundSession;
  storedAt: number;
}

export interface SessionCache {
  /** The session of `tokenHash` from memory, or from `load` (null: none, not cached). */
  find(
    tokenHash: string,
    now: Date,
    load: () => Promise<FoundSession | null>,
  ): Promise<FoundSession | null>;
  /**
   * A value about a signed-in user kept with its sessions (the default address line of
   * `/api/auth/me`), loaded once and dropped with them: by the user's writes, by NOTIFY, after the
   * TTL. Kept on PostgreSQL too: it only decides what is shown, never who is let in, so another
   * process showing the old value for the moment a NOTIFY travels is acceptable.
   */
  userValue<T>(userId: string, key: string, now: Date, load: () => Promise<T>): Promise<T>;
  /** Drops the sessions of one user, or of some of its sessions. */
  dropUser(userId: string, sessionIds?: readonly string[]): void;
  clear(): void;
  readonly size: number;
}

export function createSessionCache(
  options: { cacheSessions: boolean; ttlMs?: number } = { cacheSessions: true },
): SessionCache {
  const { cacheSessions, ttlMs = SESSION_CACHE_TTL_MS } = options;
  const entries = new Map<string, Entry>();
  const userValues = new Map<string, Map<string, { value: unknown; storedAt: number }>>();
  let generation = 0;
  return {
    async userValue<T>(userId: string, key: string, now: Date, load: () => Promise<T>) {
      const time = now.getTime();
      const cached = userValues.get(userId)?.get(key);
      if (cached && time - cached.storedAt < ttlMs) return cached.value as T;
      const startedAt = generation;
      const value = await load();
      if (startedAt === generation) {
        if (userValues.size >= MAX_ENTRIES) userValues.clear();
        let values = userValues.get(userId);
        if (!values) {
          values = new Map();
          userValues.set(userId, values);
        }
        values.set(key, { value, storedAt: time });
      }
      return value;
    },
    async find(tokenHash, now, load) {
      if (!cacheSessions) return load();
      const entry = entries.get(tokenHash);
      const time = now.getTime();
      if (
        entry &&
        time - entry.storedAt < ttlMs &&
        entry.found.session.expiresAt.getTime() > time
      ) {
        return entry.found;
      }
      if (entry) entries.delete(tokenHash);
      const startedAt = generation;
      const found = await load();
      if (found && startedAt === generation) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(tokenHash, { found, storedAt: time });
      }
      return found;
    },
    dropUser(userId, sessionIds) {
      generation += 1;
      userValues.delete(userId);
      for (const [key, { found }] of entries) {
        if (found.user.id !== userId) continue;
        if (!sessionIds || sessionIds.includes(found.session.id)) entries.delete(key);
      }
    },
    clear() {
      generation += 1;
      entries.clear();
      userValues.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Decorates `app.sessionCache` and wires every way a session or its user can change. */
export async function installSessionCache(app: FastifyInstance): Promise<void> {
  const cache = createSessionCache({ cacheSessions: app.database.kind === 'pglite' });
  app.decorate('sessionCache', cache);
  const unlisten = await app.database.listen(SESSION_CHANGES_CHANNEL, (userId) => {
    if (userId === '*') cache.clear();
    else cache.dropUser(userId);
  });
  const stopRevocations = app.hasDecorator('sessionRevocations')
    ? app.sessionRevocations.onRevoked((revocation) => {
        cache.dropUser(
          revocation.userId,
          'sessionIds' in revocation ? revocation.sessionIds : undefined,
        );
      })
    : undefined;
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method)) cache.clear();
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    stopRevocations?.();
    cache.clear();
    await unlisten();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
}
