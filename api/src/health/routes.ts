import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from 'shared-contracts/health';
import type { ApiDomain } from '../http/api-domain.ts';

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

export const healthDomain: ApiDomain = {
  tags: [{ name: 'platform', description: 'Health and runtime configuration' }],
  plugin: healthRoutes,
};
