import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createdApiKeySchema,
  MAX_ACTIVE_CONSOLE_KEYS,
  rollApiKeyInputSchema,
} from 'shared-contracts/retailer';
import { requireSensitiveAuth, requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { requireAccountOfUser } from '../retailers/accounts.ts';
import { notifyAccountOwner, OWNER_NOTICES, type OwnerNotice } from '../retailers/owner-notices.ts';
import { issueConsoleKey, listApiKeys, revokeApiKey, rollApiKey } from './service.ts';

const SENSITIVE_NOTE =
  'Needs the recent password re-check (403 outside it: confirm the password at `/api/auth/verify-recent` first). The owner is emailed about the change.';

/**
 * Managing a retailer's API keys from `/retailer-onboarding` (signed-in owner). Every change needs
 * the sensitive window, like the wallet: a stolen session token alone cannot mint or
 * roll a key; and each change emails the owner, in the change's transaction.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.addHook('preHandler', requireUser);
  noStore(app);

  /** Runs a key change and queues the owner's email with it: both or neither. */
  const changeAndNotify = <T>(
    accountId: string,
    change: (tx: ReturnType<typeof db>) => Promise<T>,
    notice: (result: T) => OwnerNotice,
  ) =>
    db().transaction(async (tx) => {
      const now = new Date();
      const result = await change(tx);
      await notifyAccountOwner(tx, accountId, notice(result), now);
      return result;
    });

  app.get(
    '/api/retailer/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Your API keys (secret keys show prefix and last 4 only)',
        response: { 200: apiKeyListSchema, ...errorResponses(401, 404) },
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
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['api-keys'],
        summary: 'Roll a key: a new key now, the old one revoked now or after a grace period',
        description: SENSITIVE_NOTE,
        body: rollApiKeyInputSchema,
        response: {
          201: createdApiKeySchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const account = await requireAccountOfUser(db(), request.user.id);
      const { body } = request;
      const created = await changeAndNotify(
        account.id,
        (tx) => rollApiKey(tx, account.id, body, new Date()),
        () => OWNER_NOTICES.keyRolled(body.kind, body.mode, body.graceHours),
      );
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/retailer/api-keys/console-key',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['api-keys'],
        summary: 'A test secret key that expires in an hour, for the API docs console',
        description: `At most ${MAX_ACTIVE_CONSOLE_KEYS} active at once (409 beyond); they share the account's rate limit. ${SENSITIVE_NOTE}`,
        response: {
          201: createdApiKeySchema,
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const account = await requireAccountOfUser(db(), request.user.id);
      const created = await changeAndNotify(
        account.id,
        (tx) => issueConsoleKey(tx, account.id, new Date()),
        (result) => OWNER_NOTICES.consoleKeyIssued(result.key),
      );
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/retailer/api-keys/:id/revoke',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke a key at once',
        description: SENSITIVE_NOTE,
        params: apiKeyParamsSchema,
        response: {
          200: apiKeySchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const account = await requireAccountOfUser(db(), request.user.id);
      return changeAndNotify(
        account.id,
        (tx) => revokeApiKey(tx, account.id, request.params.id, new Date()),
        (revoked) => OWNER_NOTICES.keyRevoked(revoked),
      );
    },
  );
};

export const apiKeysDomain: ApiDomain = {
  tags: [{ name: 'api-keys', description: 'Onboarding: roll and revoke API keys (signed in)' }],
  plugin: apiKeyRoutes,
};
