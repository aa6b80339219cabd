import type { FastifyRequest } from 'fastify';

// Session tokens and API keys are both far shorter; a longer credential is not ours.
const BEARER = /^Bearer +(\S{1,512})$/i;

/**
 * The credential of an `Authorization: Bearer <credential>` header, for both customer sessions
 * (auth/guards.ts) and retailer API keys (api-keys/guard.ts): `null` when the request has no
 * Authorization header at all, `''` when it has one that is not a bearer credential, so a caller
 * can word "missing" and "malformed" differently. Both are falsy: neither authenticates.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER.exec(header.trim())?.[1] ?? '';
}
