import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../http/bearer-token.ts';
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts';
import { type AuthSession, findSessionByTokenHash, isSensitiveWindowOpen } from './sessions.ts';
import { hashToken } from './tokens.ts';
import type { AuthUser } from './user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user. Set by `requireUser` (or `requireSensitiveAuth`); read it only on routes
     * that run one of them, anywhere else it is null at runtime.
     */
    user: AuthUser;
    /** The session the bearer token belongs to; set together with `user`. */
    session: AuthSession;
  }
}

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const SENSITIVE_AUTH_REQUIRED_MESSAGE = 'Please confirm your password to continue.';

/**
 * preHandler for routes that need a signed-in user: sets `request.user` and `request.session`, or
 * answers 401 `{ message }`. Use per route (`preHandler: requireUser`) or for a whole plugin
 * (`app.addHook('preHandler', requireUser)`).
 */
export async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) {
    if (request.headers.authorization) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
    throw new UnauthorizedError(SIGN_IN_REQUIRED_MESSAGE);
  }
  const now = new Date();
  const { database, sessionCache } = request.server;
  const tokenHash = hashToken(token);
  // The app caches sessions for a few seconds (session-cache.ts); a bare test app may not.
  const found = sessionCache
    ? await sessionCache.find(tokenHash, now, () =>
        findSessionByTokenHash(database.db, tokenHash, now),
      )
    : await findSessionByTokenHash(database.db, tokenHash, now);
  if (!found) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  request.user = found.user;
  request.session = found.session;
}

/**
 * preHandler for sensitive routes (wallet, account): a signed-in user (401 otherwise) whose
 * session re-checked the password within SENSITIVE_AUTH_WINDOW_SECONDS (403 otherwise; the client
 * then sends the person to /re-authenticate). Runs `requireUser` itself when it has not run yet.
 */
export async function requireSensitiveAuth(
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<void> {
  if (!request.user) await requireUser(request, reply);
  if (!isSensitiveWindowOpen(request.session, new Date())) {
    throw new ForbiddenError(SENSITIVE_AUTH_REQUIRED_MESSAGE);
  }
}
