import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits), base64url: 43 URL-safe characters. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What we store instead of a token. SHA-256 without salt is enough here: the input is 256 random
 * bits, so there is nothing to guess, and a lookup by hash stays one index probe.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
