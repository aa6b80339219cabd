import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_TTL_MS } from './sessions.ts';

/**
 * The session cookie beside the local-storage token (ADR 015): the same session's token, set
 * HttpOnly and SameSite=Strict, read ONLY when the server renders a page's HTML
 * (ssr/signed-in-visitor.ts). No `/api` route reads it: they authenticate by the bearer header
 * alone (guards.ts), so the cookie opens no CSRF surface.
 */
export const SESSION_COOKIE = 'curbrun_session';

// What a token looks like (tokens.ts: base64url); anything else in the cookie is ignored unread.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,512}$/;

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.publicUrl.startsWith('https:');
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(isHttps(request) ? ['Secure'] : []),
  ].join('; ');
}

function appendSetCookie(reply: FastifyReply, value: string): void {
  const existing = reply.getHeader('set-cookie');
  const list =
    existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...list.filter((c) => !c.startsWith(`${SESSION_COOKIE}=`)), value]);
}

/** Sets the cookie to a session's token (login, password re-check). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  appendSetCookie(reply, cookie(request, token, Math.floor(SESSION_TTL_MS / 1000)));
}

/** Expires the cookie in the browser. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  appendSetCookie(reply, cookie(request, '', 0));
}

/** The token in the request's session cookie, or null (absent or not token-shaped). */
export function sessionCookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    return TOKEN_SHAPE.test(value) ? value : null;
  }
  return null;
}

/**
 * `DELETE /api/auth/session-cookie`: forgets the cookie without a session. The browser calls it
 * when the page it was sent belongs to another user than its stored token (ADR 015); clearing
 * needs no proof of anything, and leaves the bearer session as it was.
 */
export const sessionCookieRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/auth/session-cookie',
    {
      schema: {
        tags: ['auth'],
        summary: "Forget the browser's page-rendering session cookie",
        description:
          'The cookie is only read to render HTML; this expires it. The bearer session is not changed.',
        response: { 204: z.null().describe('Forgotten') },
      },
    },
    async (request, reply) => {
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );
};
