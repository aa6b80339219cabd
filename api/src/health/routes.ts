import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from 'shared-contracts/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Answers once the server accepts requests',
        response: { 200: healthSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  );
};
