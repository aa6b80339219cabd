import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentSubscriptionResponseSchema,
  SUBSCRIPTION_PLANS,
  subscribeRequestSchema,
  subscriptionPlanListSchema,
} from 'shared-contracts/subscriptions';
import { requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { CATALOGUE_FRESH_SECONDS } from '../http/catalogue-cache.ts';
import { idempotent } from '../http/idempotency.ts';
import { errorResponses } from '../http/responses.ts';
import {
  cancelSubscription,
  getCurrentSubscription,
  RENEW_TIMER,
  renewSubscription,
  renewTimerPayload,
  type SubscriptionDeps,
  subscribe,
} from './service.ts';

const errors = errorResponses(400, 401, 402, 404, 409, 422);

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const deps: SubscriptionDeps = {
    provider: app.paymentProvider,
    schedule: (target, input) => app.timers.schedule(target, input),
    timeScale: app.config.simTimeScale,
  };
  app.timers.register(
    RENEW_TIMER,
    ({ db: timerDb, payload }) => renewSubscription(timerDb, deps, payload),
    {
      payloadSchema: renewTimerPayload,
    },
  );

  app.get(
    '/api/subscriptions/plans',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'The plans one can subscribe to',
        response: { 200: subscriptionPlanListSchema },
      },
    },
    // The plans are constants of the code: serialized once per process, with an ETag.
    (request, reply) =>
      app.catalogueCache.send(request, reply, {
        key: 'subscription-plans',
        maxAgeSeconds: CATALOGUE_FRESH_SECONDS,
        load: () => [...SUBSCRIPTION_PLANS],
      }),
  );

  app.get(
    '/api/subscriptions/current',
    {
      preHandler: requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: "The caller's latest subscription, or null",
        response: { 200: currentSubscriptionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { subscription: await getCurrentSubscription(db(), request.user.id, new Date()) };
    },
  );

  app.post(
    '/api/subscriptions',
    {
      preHandler: requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: 'Subscribe to a plan and pay the first month (accepts Idempotency-Key)',
        description:
          'A card used here is saved, because renewals charge it. 409 while another ' +
          'subscription renews; 402 for a declined card or a wallet that is too low.',
        body: subscribeRequestSchema,
        response: { 201: currentSubscriptionResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, { scope: `user:${request.user.id}` }, async () => {
        const key = request.headers['idempotency-key'];
        const subscription = await subscribe(db(), deps, {
          userId: request.user.id,
          planId: request.body.planId,
          payment: request.body.payment,
          idempotencyKey:
            typeof key === 'string' ? `subscribe:${request.user.id}:${key}` : undefined,
          now: new Date(),
        });
        reply.header('cache-control', 'no-store');
        return { statusCode: 201, body: { subscription } };
      }),
  );

  app.post(
    '/api/subscriptions/current/cancel',
    {
      preHandler: requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: 'Stop renewing; the benefit lasts until the end of the month paid',
        response: { 200: currentSubscriptionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { subscription: await cancelSubscription(db(), request.user.id, new Date()) };
    },
  );
};

export const subscriptionsDomain: ApiDomain = {
  tags: [{ name: 'subscriptions', description: 'Delivery plans and your subscription' }],
  plugin: subscriptionRoutes,
};
