import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from 'shared-contracts/errors';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createdApiKeySchema,
  rollApiKeyInputSchema,
} from 'shared-contracts/retailer';
import { requireUser } from '../auth/guards.ts';
import { noStore } from '../http/responses.ts';
import { requireAccountOfUser } from '../retailer-accounts/service.ts';
import { issueConsoleKey, listApiKeys, revokeApiKey, rollApiKey } from './service.ts';

/** Managing a retailer's API keys from `/retailer-onboarding` (signed-in owner). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.addHook('preHandler', requireUser);
  noStore(app);

  app.get(
    '/api/retailer/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Your API keys (secret keys show prefix and last 4 only)',
        response: { 200: apiKeyListSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const account = await requireAccountOfUser(db(), request.user.id);
      return listApiKeys(db(), account.id, new Date());
    },
  );

  app.post(
    '/api/retailer/api-keys/roll',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Roll a key: a new key now, the old one revoked now or after a grace period',
        body: rollApiKeyInputSchema,
        response: {
          201: createdApiKeySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await requireAccountOfUser(db(), request.user.id);
      return reply.code(201).send(await rollApiKey(db(), account.id, request.body, new Date()));
    },
  );

  app.post(
    '/api/retailer/api-keys/console-key',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'A test secret key that expires in an hour, for the API docs console',
        response: { 201: createdApiKeySchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const account = await requireAccountOfUser(db(), request.user.id);
      return reply.code(201).send(await issueConsoleKey(db(), account.id, new Date()));
    },
  );

  app.post(
    '/api/retailer/api-keys/:id/revoke',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke a key at once',
        params: apiKeyParamsSchema,
        response: {
          200: apiKeySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const account = await requireAccountOfUser(db(), request.user.id);
      return revokeApiKey(db(), account.id, request.params.id, new Date());
    },
  );
};
