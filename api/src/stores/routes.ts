import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeListSchema } from 'shared-contracts/stores';
import { listStores } from './queries.ts';

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stores',
    {
      schema: {
        tags: ['stores'],
        summary: 'Partner stores with address, location, hours and services',
        response: { 200: storeListSchema },
      },
    },
    // The client already caches stores for 5 minutes (SPEC section 9); no HTTP caching on top, so
    // a store added by an operator shows up on the next client refresh.
    async () => listStores(app.database.db),
  );
};
