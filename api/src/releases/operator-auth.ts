import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { isLoopbackHost } from '../config.ts';
import { HttpError, NotFoundError } from '../http/errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read the operator routes (`/api/operator/*`):
 * - with `OPERATOR_TOKEN` set, a request carrying `Authorization: Bearer <token>`, from anywhere;
 * - without it, outside production, a request from this machine: such a server listens on
 *   loopback only (config.ts), like the development outbox, so `npm start` needs no set-up;
 * - without it in production, nobody: the routes answer 404 as if they did not exist.
 */
export function operatorGuard(
  config: Pick<Config, 'nodeEnv'> & { releases: { operatorToken?: string } },
) {
  const token = config.releases.operatorToken;
  const expected = token === undefined ? undefined : digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (expected) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      // Compared as digests: equal lengths, constant time.
      if (given && timingSafeEqual(digest(given), expected)) return;
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'The operator routes need Authorization: Bearer <OPERATOR_TOKEN>.');
    }
    if (config.nodeEnv !== 'production' && isLoopbackHost(request.ip.replace(/^::ffff:/, ''))) {
      return;
    }
    throw new NotFoundError(`Not found: ${request.method} ${request.url.split('?')[0]}`);
  };
}
