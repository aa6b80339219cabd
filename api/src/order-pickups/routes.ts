import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOrderPickupRequestSchema,
  orderPickupListQuerySchema,
  orderPickupListSchema,
  orderPickupParamsSchema,
  orderPickupSchema,
} from 'shared-contracts/order-pickups';
import { requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { idempotencyKeyOf, idempotent } from '../http/idempotency.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import {
  cancelOrderPickup,
  createOrderPickup,
  getOrderPickup,
  listOrderPickups,
  type OrderPickupDeps,
} from './service.ts';

const errors = errorResponses(400, 401, 402, 404, 409, 422);

/**
 * Order pickups. Every route needs a signed-in user and only sees their
 * own orders; anyone else's id answers 404.
 */
export const orderPickupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const deps = (): OrderPickupDeps => ({
    provider: app.paymentProvider,
    events: app.orderPickupEvents,
  });
  app.addHook('preHandler', requireUser);
  noStore(app);

  app.get(
    '/api/order-pickups',
    {
      schema: {
        tags: ['order-pickups'],
        summary: "The caller's order pickups, newest first",
        description:
          '`[{ id, orderNumber, storeName, status, ... }]`. `?status=confirmed,ready_for_pickup` narrows it.',
        querystring: orderPickupListQuerySchema,
        response: { 200: orderPickupListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { status } = request.query;
      // The list is read far more often than it changes (every page of a signed-in customer asks
      // for it), so it is kept with the user's cached sessions and dropped, on every process, by
      // any write to the user's order pickups (migration 0015_order_pickup_change_notify) or by
      // any write request this process serves (session-cache.ts; ADR 008).
      const key = `orderPickups:${status ? [...new Set(status)].sort().join(',') : '*'}`;
      return app.sessionCache.userValue(request.user.id, key, new Date(), () =>
        listOrderPickups(db(), request.user.id, status),
      );
    },
  );

  app.get(
    '/api/order-pickups/:id',
    {
      schema: {
        tags: ['order-pickups'],
        summary: 'One order pickup with its fees, payment and status history',
        params: orderPickupParamsSchema,
        response: {
          200: orderPickupSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) =>
      getOrderPickup(db(), app.orderPickupEvents, request.user.id, request.params.id),
  );

  app.post(
    '/api/order-pickups',
    {
      schema: {
        tags: ['order-pickups'],
        summary: 'Schedule and pay a pickup (accepts Idempotency-Key)',
        description:
          'The fee is priced on the server (amounts in the body other than the tip are not ' +
          'trusted); `expectedTotalCents` that differs from the server total is a 409. The same ' +
          'Idempotency-Key within 24 h answers the first order again; with a different body 422. ' +
          "A declined card or a wallet that is too low is a 402 with the provider's message.",
        body: createOrderPickupRequestSchema,
        response: { 201: orderPickupSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      return idempotent(request, reply, { scope: `user:${request.user.id}` }, async (answer) => ({
        statusCode: 201,
        body: await createOrderPickup(db(), deps(), {
          userId: request.user.id,
          input: request.body,
          now: new Date(),
          idempotencyKey: key ? `order:${request.user.id}:${key}` : undefined,
          onAnswer: (tx, order) => answer.record(tx, { statusCode: 201, body: order }),
        }),
      }));
    },
  );

  app.post(
    '/api/order-pickups/:id/cancel',
    {
      schema: {
        tags: ['order-pickups'],
        summary: 'Cancel free of charge until the courier leaves the store; refunds the payment',
        description:
          'Refunds go to the original payment method. 409 once the order, or the curbside robot ' +
          'carrying it, has left the store (and after a failed curbside hand-over, while the order ' +
          "waits in the store's holding area). A curbside pickup whose robot is still at the " +
          'store is cancelled with the order.',
        params: orderPickupParamsSchema,
        response: { 200: orderPickupSchema, ...errors },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, { scope: `user:${request.user.id}` }, async () => ({
        statusCode: 200,
        body: await cancelOrderPickup(db(), deps(), {
          userId: request.user.id,
          orderPickupId: request.params.id,
        }),
      })),
  );
};

export const orderPickupsDomain: ApiDomain = {
  tags: [
    {
      name: 'order-pickups',
      description:
        'Schedule and pay a pickup, list and read your orders, cancel free of charge until the courier or robot leaves the store',
    },
  ],
  plugin: orderPickupRoutes,
};
