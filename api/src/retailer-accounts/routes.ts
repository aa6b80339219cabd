import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from 'shared-contracts/errors';
import {
  allowedDomainsInputSchema,
  createdRetailerAccountSchema,
  retailerAccountInputSchema,
  retailerAccountSchema,
} from 'shared-contracts/retailer';
import { requireUser } from '../auth/guards.ts';
import { noStore } from '../http/responses.ts';
import { createRetailerAccount, getRetailerAccount, setAllowedDomains } from './service.ts';

/** `/retailer-onboarding`: the signed-in user's retailer account (issue 8). */
export const retailerAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.addHook('preHandler', requireUser);
  noStore(app);

  app.get(
    '/api/retailer/account',
    {
      schema: {
        tags: ['retailer-account'],
        summary: "The signed-in user's retailer account (404 before onboarding)",
        response: { 200: retailerAccountSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getRetailerAccount(db(), request.user.id),
  );

  app.post(
    '/api/retailer/account',
    {
      schema: {
        tags: ['retailer-account'],
        summary: 'Create a retailer account; the caller becomes its owner',
        description:
          'Answers the account and its secret keys (`sk_test_…`, `sk_live_…`), shown this once: only their hashes are kept.',
        body: retailerAccountInputSchema,
        response: {
          201: createdRetailerAccountSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createRetailerAccount(db(), { userId: request.user.id, data: request.body })),
  );

  app.put(
    '/api/retailer/account/allowed-domains',
    {
      schema: {
        tags: ['retailer-account'],
        summary: 'Set the domains the checkout widget may be used from',
        body: allowedDomainsInputSchema,
        response: {
          200: retailerAccountSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => setAllowedDomains(db(), request.user.id, request.body.domains),
  );
};
