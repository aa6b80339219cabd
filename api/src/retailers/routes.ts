import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { retailerListSchema, retailerParamsSchema } from 'shared-contracts/retailers';
import type { ApiDomain } from '../http/api-domain.ts';
import { CATALOGUE_FRESH_SECONDS } from '../http/catalogue-cache.ts';
import { NotFoundError } from '../http/errors.ts';
import { renderRetailerLogo } from './logo.ts';
import { findRetailer, listRetailers } from './queries.ts';

export const retailerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/retailers',
    {
      schema: {
        tags: ['retailers'],
        summary: 'The partner retailers of the home page strip',
        response: { 200: retailerListSchema },
      },
    },
    // Served from memory until a retailer changes (http/catalogue-cache.ts); browsers may reuse it
    // for 5 minutes without asking again, then revalidate with the ETag.
    (request, reply) =>
      app.catalogueCache.send(request, reply, {
        key: 'retailers',
        maxAgeSeconds: CATALOGUE_FRESH_SECONDS,
        load: () => listRetailers(app.database.db),
      }),
  );

  app.get(
    '/api/retailers/:id/logo.svg',
    {
      schema: {
        tags: ['retailers'],
        summary: "A retailer's wordmark as SVG",
        description: 'image/svg+xml; 404 `{ message }` for an unknown retailer.',
        params: retailerParamsSchema,
      },
    },
    async (request, reply) => {
      const retailer = await findRetailer(app.database.db, request.params.id);
      if (!retailer) throw new NotFoundError('Retailer not found');
      return (
        reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          // An SVG opened directly is a document; forbid it from running or loading anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(renderRetailerLogo(retailer))
      );
    },
  );
};

export const retailersDomain: ApiDomain = {
  tags: [{ name: 'retailers', description: 'Partner retailers' }],
  plugin: retailerRoutes,
};
