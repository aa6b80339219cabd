import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allowedDomainsInputSchema,
  createdRetailerAccountSchema,
  retailerAccountInputSchema,
  retailerAccountSchema,
} from 'shared-contracts/retailer';
import { requireSensitiveAuth, requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { notifyAccountOwner, OWNER_NOTICES } from '../retailers/owner-notices.ts';
import { createRetailerAccount, getRetailerAccount, setAllowedDomains } from './service.ts';

/**
 * `/retailer-onboarding`: the signed-in user's retailer account. Creating it mints live
 * keys and the allowed domains decide where the widget runs, so both need the recent password
 * re-check and email the owner.
 */
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
        response: { 200: retailerAccountSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getRetailerAccount(db(), request.user.id),
  );

  app.post(
    '/api/retailer/account',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['retailer-account'],
        summary: 'Create a retailer account; the caller becomes its owner',
        description:
          'Answers the account and its secret keys (`sk_test_…`, `sk_live_…`), shown this once: only their hashes are kept. Needs the recent password re-check (403 outside it); the owner is emailed.',
        body: retailerAccountInputSchema,
        response: {
          201: createdRetailerAccountSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const created = await db().transaction(async (tx) => {
        const result = await createRetailerAccount(tx, {
          userId: request.user.id,
          data: request.body,
        });
        await notifyAccountOwner(
          tx,
          result.account.id,
          OWNER_NOTICES.accountCreated(result.account.businessName),
          new Date(),
        );
        return result;
      });
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/retailer/account/allowed-domains',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['retailer-account'],
        summary: 'Set the domains the checkout widget may be used from',
        description: 'Needs the recent password re-check (403 outside it); the owner is emailed.',
        body: allowedDomainsInputSchema,
        response: {
          200: retailerAccountSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      db().transaction(async (tx) => {
        const account = await setAllowedDomains(tx, request.user.id, request.body.domains);
        await notifyAccountOwner(
          tx,
          account.id,
          OWNER_NOTICES.allowedDomainsChanged(account.allowedDomains),
          new Date(),
        );
        return account;
      }),
  );
};

export const retailerAccountsDomain: ApiDomain = {
  tags: [
    { name: 'retailer-account', description: 'Onboarding: your retailer account (signed in)' },
  ],
  plugin: retailerAccountRoutes,
};
