import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/guards.ts';
import { BadRequestError } from '../http/errors.ts';
import type { SupportCaller } from './service.ts';

export const VISITOR_ID_REQUIRED_MESSAGE = 'visitorId is required when you are not signed in';

/**
 * Support works signed in or not. A request that carries an Authorization header is a signed-in
 * user's, and a bad or ended token is a 401 (the client then drops it), never a silent fallback to
 * a visitor thread; without one, the visitor id names the thread.
 */
export async function resolveSupportCaller(
  _app: FastifyInstance,
  request: FastifyRequest,
  visitorId: string | undefined,
): Promise<SupportCaller> {
  if (request.headers.authorization !== undefined) {
    await requireUser(request);
    return { kind: 'user', userId: request.user.id };
  }
  if (!visitorId) {
    throw new BadRequestError(VISITOR_ID_REQUIRED_MESSAGE, [
      { path: 'visitorId', message: VISITOR_ID_REQUIRED_MESSAGE },
    ]);
  }
  return { kind: 'visitor', visitorId };
}
