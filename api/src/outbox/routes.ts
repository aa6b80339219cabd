import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxListSchema, outboxQuerySchema } from 'shared-contracts/notifications';
import { type ApiDomain, outsideProduction } from '../http/api-domain.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { listOutbox } from './service.ts';

/**
 * `GET /api/dev/outbox`: every message the platform "sent", for development and tests. It exposes
 * verification links and PINs, so it is only registered outside production.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  noStore(app);
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development outbox (not in production)',
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      return listOutbox(app.database.db, request.query);
    },
  );
};

export const devOutboxDomain: ApiDomain = {
  tags: [{ name: 'development', description: 'Only outside production' }],
  plugin: devOutboxRoutes,
  enabled: outsideProduction,
};
