import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, sessionCookieToken } from '../auth/session-cookie.ts';
import { findSession } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';

/**
 * Who a page is rendered for (ADR 015): the customer whose live session the request's HttpOnly
 * session cookie names. Only page rendering reads the cookie; every read of the customer's data
 * then goes through the API's own routes with that session's bearer header, so the routes' guards
 * (the sensitive window included) decide, as they do for the browser.
 */
export interface SignedInVisitor {
  /** `Bearer <token>`: for this render's reads of the visitor's own data, never sent anywhere. */
  authorization: string;
  /** What the page starts from: the user of `/api/auth/me`, and the sensitive window's state. */
  session: { user: unknown; sensitive: boolean };
}

/** A GET of this API's own route with the given Authorization header, without a socket. */
export type InternalGet = (
  url: string,
  authorization?: string,
) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;

/** Whether the request carries a session cookie at all (valid or not). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').includes(`${SESSION_COOKIE}=`);
}

/**
 * The visitor of a valid cookie, or undefined (none, malformed, unknown, expired or revoked): the
 * session is looked up in the sessions table on every page, never taken from a cache.
 */
export async function signedInVisitor(
  request: FastifyRequest,
  { db, get }: { db: Db; get: InternalGet },
): Promise<SignedInVisitor | undefined> {
  const token = sessionCookieToken(request);
  if (!token) return undefined;
  if (!(await findSession(db, token, new Date()))) return undefined;
  const authorization = `Bearer ${token}`;
  const [me, sensitive] = await Promise.all([
    get('/api/auth/me', authorization),
    get('/api/auth/check-sensitive', authorization),
  ]);
  if (me.statusCode !== 200) return undefined;
  const { user } = JSON.parse(me.body) as { user: unknown };
  return { authorization, session: { user, sensitive: sensitive.statusCode === 200 } };
}
