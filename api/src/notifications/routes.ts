import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from 'shared-contracts/errors';
import { outboxListSchema, outboxQuerySchema } from 'shared-contracts/notifications';
import { listOutbox } from './service.ts';

/**
 * `GET /api/dev/outbox`: every message the platform "sent", for development and tests. It exposes
 * verification links and PINs, so it is only registered outside production.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development outbox (not in production)',
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOutbox(app.database.db, request.query);
    },
  );
};
