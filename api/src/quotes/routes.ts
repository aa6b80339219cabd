import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteRequestSchema, quoteSchema } from 'shared-contracts/quotes';
import { requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { prepareQuote } from './service.ts';

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  noStore(app);
  app.post(
    '/api/quotes',
    {
      preHandler: requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'Price a pickup: the fee with its breakdown and every window with its fee',
        description:
          'Curbside from $4.99, home delivery from $6.99, plus distance band, weight class and ' +
          "urgency, minus the caller's subscription discount. ASAP only within 10 miles of the " +
          'store; 2-, 4- or 6-hour windows up to 25 miles; next day up to 60 miles. 422 for a ' +
          'window or address the store cannot serve, 400 for an address outside the service area.',
        body: quoteRequestSchema,
        response: {
          200: quoteSchema,
          ...errorResponses(400, 401, 404, 422),
        },
      },
    },
    async (request) => {
      const { quote } = await prepareQuote(app.database.db, {
        ...request.body,
        userId: request.user.id,
        now: new Date(),
      });
      return quote;
    },
  );
};

export const quotesDomain: ApiDomain = {
  tags: [
    {
      name: 'quotes',
      description: 'Delivery fees and windows, priced by the server for a store and destination',
    },
  ],
  plugin: quoteRoutes,
};
