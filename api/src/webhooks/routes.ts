import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdWebhookEndpointSchema,
  sendTestEventInputSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
} from 'shared-contracts/webhooks';
import { z } from 'zod';
import { requireSensitiveAuth, requireUser } from '../auth/guards.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { requireAccountOfUser } from '../retailers/accounts.ts';
import { notifyAccountOwner, OWNER_NOTICES } from '../retailers/owner-notices.ts';
import { retailerStores } from '../stores/queries.ts';
import { sampleDelivery } from './sample.ts';
import {
  createEndpoint,
  deleteEndpoint,
  findOwnEndpoint,
  listEndpointDeliveries,
  listEndpoints,
  retryDeliveryNow,
  sendTestEvent,
  updateEndpoint,
  type WebhookDeps,
} from './service.ts';

const errors = errorResponses(400, 401, 404, 409);
const changeErrors = errorResponses(400, 401, 403, 404, 409);
const SENSITIVE_NOTE =
  'Needs the recent password re-check (403 outside it); the owner is emailed about the change.';

/**
 * Managing webhook endpoints from `/retailer-onboarding` (signed-in owner). Adding, changing and
 * deleting an endpoint decide where delivery data goes, so they need the sensitive window like
 * the wallet and email the owner in the change's transaction.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ deps: () => WebhookDeps }> = async (
  app,
  options,
) => {
  const db = () => app.database.db;
  const allowLoopback = () => app.config.webhookAllowLoopback;
  app.addHook('preHandler', requireUser);
  noStore(app);
  const accountOf = (userId: string) => requireAccountOfUser(db(), userId);

  app.get(
    '/api/retailer/webhook-endpoints',
    {
      schema: {
        tags: ['webhook-endpoints'],
        summary: 'Your webhook endpoints (test and live)',
        response: { 200: webhookEndpointListSchema, ...errors },
      },
    },
    async (request) => listEndpoints(db(), (await accountOf(request.user.id)).id),
  );

  app.post(
    '/api/retailer/webhook-endpoints',
    {
      schema: {
        tags: ['webhook-endpoints'],
        summary: 'Add an endpoint; answers its signing secret (shown once)',
        description: SENSITIVE_NOTE,
        body: webhookEndpointInputSchema,
        response: { 201: createdWebhookEndpointSchema, ...changeErrors },
      },
      preHandler: requireSensitiveAuth,
    },
    async (request, reply) => {
      const account = await accountOf(request.user.id);
      const created = await db().transaction(async (tx) => {
        const result = await createEndpoint(tx, account.id, request.body, allowLoopback());
        await notifyAccountOwner(
          tx,
          account.id,
          OWNER_NOTICES.webhookAdded(result.endpoint),
          new Date(),
        );
        return result;
      });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/retailer/webhook-endpoints/:id',
    {
      schema: {
        tags: ['webhook-endpoints'],
        summary: 'Change the URL or events, or enable/disable an endpoint',
        description: SENSITIVE_NOTE,
        params: webhookEndpointParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema, ...changeErrors },
      },
      preHandler: requireSensitiveAuth,
    },
    async (request) => {
      const account = await accountOf(request.user.id);
      return db().transaction(async (tx) => {
        const before = await findOwnEndpoint(tx, account.id, request.params.id);
        const after = await updateEndpoint(
          tx,
          account.id,
          request.params.id,
          request.body,
          allowLoopback(),
        );
        await notifyAccountOwner(
          tx,
          account.id,
          OWNER_NOTICES.webhookChanged(before, after),
          new Date(),
        );
        return after;
      });
    },
  );

  app.delete(
    '/api/retailer/webhook-endpoints/:id',
    {
      schema: {
        tags: ['webhook-endpoints'],
        summary: 'Delete an endpoint (pending deliveries stop)',
        description: SENSITIVE_NOTE,
        params: webhookEndpointParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...changeErrors },
      },
      preHandler: requireSensitiveAuth,
    },
    async (request, reply) => {
      const account = await accountOf(request.user.id);
      await db().transaction(async (tx) => {
        const endpoint = await findOwnEndpoint(tx, account.id, request.params.id);
        await deleteEndpoint(tx, account.id, request.params.id);
        await notifyAccountOwner(
          tx,
          account.id,
          OWNER_NOTICES.webhookDeleted(endpoint),
          new Date(),
        );
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/retailer/webhook-endpoints/:id/deliveries',
    {
      schema: {
        tags: ['webhook-endpoints'],
        summary: "The endpoint's delivery log: every event with its attempts",
        params: webhookEndpointParamsSchema,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => {
      const account = await accountOf(request.user.id);
      return listEndpointDeliveries(db(), account.id, request.params.id);
    },
  );

  app.post(
    '/api/retailer/webhook-endpoints/:id/test',
    {
      schema: {
        tags: ['webhook-endpoints'],
        summary: 'Send a test event (sample data) to this endpoint',
        params: webhookEndpointParamsSchema,
        body: sendTestEventInputSchema,
        response: { 201: webhookDeliverySchema, ...errors },
      },
    },
    async (request, reply) => {
      const account = await accountOf(request.user.id);
      const [store] = await retailerStores(db(), account.retailerId);
      const deps = options.deps();
      const endpoint = (await listEndpoints(db(), account.id)).find(
        (item) => item.id === request.params.id,
      );
      const sample = sampleDelivery(
        request.body.type,
        endpoint?.mode ?? 'test',
        store ?? { id: account.retailerId, name: account.businessName },
      );
      return reply
        .code(201)
        .send(await sendTestEvent(deps, account.id, request.params.id, request.body.type, sample));
    },
  );

  app.post(
    '/api/retailer/webhook-deliveries/:id/retry',
    {
      schema: {
        tags: ['webhook-endpoints'],
        summary: 'Retry a delivery now (one immediate attempt)',
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliverySchema, ...errors },
      },
    },
    async (request) => {
      const account = await accountOf(request.user.id);
      return retryDeliveryNow(options.deps(), account.id, request.params.id);
    },
  );
};
