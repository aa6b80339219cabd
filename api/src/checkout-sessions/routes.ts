import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutSessionParamsSchema,
  checkoutSessionSchema,
  completeCheckoutRequestSchema,
  createCheckoutSessionInputSchema,
} from 'shared-contracts/checkout';
import { orderPickupSchema } from 'shared-contracts/order-pickups';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import { type ApiDomain, outsideProduction } from '../http/api-domain.ts';
import { idempotencyKeyOf, idempotent } from '../http/idempotency.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { completeCheckoutSession, createCheckoutSession, getCheckoutSession } from './service.ts';

const errors = errorResponses(400, 401, 402, 404, 409, 410, 422);

/** The customer's side of a retailer checkout: read the session, then pay and create the order. */
export const checkoutSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.addHook('preHandler', requireUser);
  noStore(app);

  app.get(
    '/api/checkout-sessions/:id',
    {
      schema: {
        tags: ['checkout'],
        summary: "A retailer's checkout session: items, store(s) and status",
        params: checkoutSessionParamsSchema,
        response: {
          200: checkoutSessionSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => getCheckoutSession(db(), request.params.id, new Date(), request.user),
  );

  app.post(
    '/api/checkout-sessions/:id/complete',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Choose delivery, pay and create the order pickup (accepts Idempotency-Key)',
        description:
          'Priced like `POST /api/quotes`. 410 once the session has expired, 409 once completed.',
        params: checkoutSessionParamsSchema,
        body: completeCheckoutRequestSchema,
        response: { 201: orderPickupSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      return idempotent(request, reply, { scope: `user:${request.user.id}` }, async () => ({
        statusCode: 201,
        body: await completeCheckoutSession(
          db(),
          { provider: app.paymentProvider, events: app.orderPickupEvents },
          {
            userId: request.user.id,
            sessionId: request.params.id,
            request: request.body,
            idempotencyKey: key ? `checkout:${request.user.id}:${key}` : undefined,
            now: new Date(),
          },
        ),
      }));
    },
  );
};

/**
 * Development and test stand-in for the retailer API's `POST /api/checkout/initialize`: creates a
 * session through the same server function. Registered only outside production, and without
 * authentication, so its sessions are `development`: their item prices never back a refund credit.
 */
export const devCheckoutSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dev/checkout-sessions',
    {
      schema: {
        tags: ['development'],
        summary: 'Create a checkout session as a retailer would (outside production only)',
        body: createCheckoutSessionInputSchema,
        response: {
          201: z.object({ id: z.uuid(), url: z.string() }),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const session = await createCheckoutSession(app.database.db, request.body, {
        source: 'development',
      });
      return reply.code(201).send({ id: session.id, url: `/checkout?session=${session.id}` });
    },
  );
};

export const checkoutSessionsDomain: ApiDomain = {
  tags: [
    {
      name: 'checkout',
      description: "A retailer's checkout session, reviewed and paid by the customer",
    },
  ],
  plugin: checkoutSessionRoutes,
};

/** In the development group (outbox/routes.ts); it plants item prices with no key. */
export const devCheckoutSessionsDomain: ApiDomain = {
  plugin: devCheckoutSessionRoutes,
  enabled: outsideProduction,
};
