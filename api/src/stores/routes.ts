import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeListSchema } from 'shared-contracts/stores';
import type { ApiDomain } from '../http/api-domain.ts';
import { CATALOGUE_FRESH_SECONDS } from '../http/catalogue-cache.ts';
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
    // Served from memory until a store or retailer changes (http/catalogue-cache.ts); fresh for
    // 5 minutes like the client's cache (docs/product.md, "Timings"), then revalidated with the
    // ETag.
    (request, reply) =>
      app.catalogueCache.send(request, reply, {
        key: 'stores',
        maxAgeSeconds: CATALOGUE_FRESH_SECONDS,
        load: () => listStores(app.database.db),
      }),
  );
};

export const storesDomain: ApiDomain = {
  tags: [{ name: 'stores', description: 'Partner stores' }],
  plugin: storeRoutes,
};
