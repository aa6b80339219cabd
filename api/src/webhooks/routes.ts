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
import { requireUser } from '../auth/guards.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { requireAccountOfUser } from '../retailer-accounts/service.ts';
import { retailerStores } from '../retailer-api/delivery-options.ts';
import { sampleDelivery } from './sample.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpointDeliveries,
  listEndpoints,
  retryDeliveryNow,
  sendTestEvent,
  updateEndpoint,
  type WebhookDeps,
} from './service.ts';

const errors = errorResponses(400, 401, 404, 409);

/** Managing webhook endpoints from `/retailer-onboarding` (signed-in owner). */
export const webhookRoutes: FastifyPluginAsyncZod<{ deps: () => WebhookDeps }> = async (
  app,
  options,
) => {
  const db = () => app.database.db;
  const allowPrivate = () => app.config.webhookAllowPrivateTargets;
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
        body: webhookEndpointInputSchema,
        response: { 201: createdWebhookEndpointSchema, ...errors },
      },
    },
    async (request, reply) => {
      const account = await accountOf(request.user.id);
      return reply
        .code(201)
        .send(await createEndpoint(db(), account.id, request.body, allowPrivate()));
    },
  );

  app.patch(
    '/api/retailer/webhook-endpoints/:id',
    {
      schema: {
        tags: ['webhook-endpoints'],
        summary: 'Change the URL or events, or enable/disable an endpoint',
        params: webhookEndpointParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema, ...errors },
      },
    },
    async (request) => {
      const account = await accountOf(request.user.id);
      return updateEndpoint(db(), account.id, request.params.id, request.body, allowPrivate());
    },
  );

  app.delete(
    '/api/retailer/webhook-endpoints/:id',
    {
      schema: {
        tags: ['webhook-endpoints'],
        summary: 'Delete an endpoint (pending deliveries stop)',
        params: webhookEndpointParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const account = await accountOf(request.user.id);
      await deleteEndpoint(db(), account.id, request.params.id);
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
