import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { TooManyAttemptsError } from './throttle.ts';

/**
 * The per-IP limit (@fastify/rate-limit route config) of every endpoint that checks a password or
 * a secret: sign-in, registration, the password re-check, email verification, and the account's
 * password and email changes. The per-account limit (auth/throttle.ts, in the database) is the one
 * that holds across processes; this one slows down spraying many accounts from one address.
 */
export function perIpRateLimit(config: Pick<Config, 'authRateLimitPerMinute'>) {
  return {
    max: config.authRateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(
        429,
        `Too many requests from your network. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      );
    },
  };
}

/**
 * Runs a password check, adding `Retry-After` when the per-account limit refuses it
 * (@fastify/rate-limit sets the header on its own per-IP 429s).
 */
export async function withRetryAfter<T>(reply: FastifyReply, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof TooManyAttemptsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}
