import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DELIVERY_MESSAGES,
  deliveryListQuerySchema,
  deliveryOrderParamsSchema,
  deliveryPageSchema,
  deliveryParamsSchema,
  deliverySchema,
  pickupHistoryPageSchema,
  pickupHistoryQuerySchema,
} from 'shared-contracts/deliveries';
import { requireUser } from '../auth/guards.ts';
import { idempotent } from '../http/idempotency.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { cancelDelivery, deliveryForOrder, refreshCurbsideMirror } from './actions.ts';
import type { CourierDeps } from './courier.ts';
import { confirmPresence, rescheduleDelivery } from './courier.ts';
import { listPickupHistory } from './history.ts';
import {
  assertOwnsDelivery,
  deliveryTopic,
  getOwnDelivery,
  getOwnProofImage,
  listDeliveries,
} from './service.ts';

const errors = errorResponses(400, 401, 404);

/**
 * Deliveries: the caller's deliveries, one by id or by its order, the live stream, the proof
 * image and the customer's actions. Everything is the caller's own; another person's id answers
 * 404 like an unknown one. `/api/doordash/deliveries...` are aliases with the same answers, for
 * clients written against those paths.
 */
export const deliveryRoutes =
  (deps: CourierDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = () => app.database.db;
    const view = deps.view;

    app.addHook('preHandler', requireUser);
    // Live, personal data: the client's cache groups decide freshness, never an HTTP cache.
    noStore(app);

    app.get(
      '/api/pickup-history',
      {
        schema: {
          tags: ['deliveries'],
          summary: 'Your order pickups and curbside pickups, newest first',
          description:
            "`?status=active|delivered|cancelled` (cancelled includes failed curbside pickups), `?q=` part of the order number (CR-… or the retailer's), `?page`, `?pageSize`. Each entry has the path of its tracking page.",
          querystring: pickupHistoryQuerySchema,
          response: { 200: pickupHistoryPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => listPickupHistory(db(), request.user.id, request.query),
    );

    for (const path of ['/api/deliveries', '/api/doordash/deliveries']) {
      app.get(
        path,
        {
          schema: {
            tags: ['deliveries'],
            summary: "The caller's deliveries, newest first, a page at a time",
            description:
              "`?page=1&pageSize=10&status=en_route`. Only the caller's deliveries; `/api/doordash/deliveries` answers the same.",
            querystring: deliveryListQuerySchema,
            response: { 200: deliveryPageSchema, ...errorResponses(400, 401) },
          },
        },
        async (request) => listDeliveries(db(), request.user.id, request.query),
      );

      app.get(
        `${path}/order/:orderId`,
        {
          schema: {
            tags: ['deliveries'],
            summary: 'The active delivery of one of your orders',
            description:
              '404 when the order is not yours or has no delivery. Its `lastEventId` resumes the live stream exactly where this answer ends.',
            params: deliveryOrderParamsSchema,
            response: { 200: deliverySchema, ...errors },
          },
        },
        async (request) => deliveryForOrder(db(), deps, request.user.id, request.params.orderId),
      );
    }

    app.get(
      '/api/deliveries/:id',
      {
        schema: {
          tags: ['deliveries'],
          summary: 'One of your deliveries: status, checkpoints, courier, route, position, proof',
          params: deliveryParamsSchema,
          response: { 200: deliverySchema, ...errors },
        },
      },
      async (request) => {
        await refreshCurbsideMirror(db(), deps, request.user.id, request.params.id);
        return getOwnDelivery(db(), request.user.id, request.params.id, view);
      },
    );

    app.get(
      '/api/deliveries/:id/events',
      {
        schema: {
          tags: ['deliveries'],
          summary: 'Live updates (server-sent events): `delivery` snapshots and `position` reports',
          description:
            'Send `Last-Event-ID` (for example the `lastEventId` of `GET /api/deliveries/:id`) to receive what happened since; without it the stream starts from the first event.',
          params: deliveryParamsSchema,
          response: errorResponses(400, 401, 404),
        },
      },
      async (request, reply) => {
        await assertOwnsDelivery(db(), request.user.id, request.params.id);
        return app.realtime.stream(request, reply, {
          topic: deliveryTopic(request.params.id),
          fromStart: true,
        });
      },
    );

    app.get(
      '/api/deliveries/:id/proof',
      {
        schema: {
          tags: ['deliveries'],
          summary: "The proof-of-delivery image (PNG), for the delivery's owner only",
          description: 'image/png; 404 `{ message }` before delivery or for anyone else.',
          params: deliveryParamsSchema,
        },
      },
      async (request, reply) => {
        const proof = await getOwnProofImage(db(), request.user.id, request.params.id);
        return reply
          .header('cache-control', 'private, max-age=3600')
          .header('content-security-policy', "default-src 'none'")
          .type(proof.contentType)
          .send(proof.image);
      },
    );

    app.post(
      '/api/deliveries/:id/cancel',
      {
        schema: {
          tags: ['deliveries'],
          summary: 'Cancel free of charge before the courier leaves the store; refunds the payment',
          description: `409 once the courier has left ("${DELIVERY_MESSAGES.notCancellable}"). The payment goes back to its original method. Accepts Idempotency-Key.`,
          params: deliveryParamsSchema,
          response: { 200: deliverySchema, ...errors, ...errorResponses(409) },
        },
      },
      async (request, reply) =>
        idempotent(request, reply, { scope: `user:${request.user.id}` }, async () => ({
          statusCode: 200,
          body: await cancelDelivery(
            db(),
            deps,
            request.user.id,
            request.params.id,
            app.paymentProvider,
          ),
        })),
    );

    app.post(
      '/api/deliveries/:id/confirm-presence',
      {
        schema: {
          tags: ['deliveries'],
          summary: "I'm at the door: meet the courier and sign for the order",
          description: 'Only while the courier waits at the door for a signature (409 otherwise).',
          params: deliveryParamsSchema,
          response: { 200: deliverySchema, ...errors, ...errorResponses(409) },
        },
      },
      async (request) => {
        await confirmPresence(db(), deps, request.user.id, request.params.id);
        return getOwnDelivery(db(), request.user.id, request.params.id, view);
      },
    );

    app.post(
      '/api/deliveries/:id/reschedule',
      {
        schema: {
          tags: ['deliveries'],
          summary: 'Reschedule a missed delivery free of charge',
          description:
            'Only while the order waits at a safe holding location (409 otherwise); the courier brings it again at once.',
          params: deliveryParamsSchema,
          response: { 200: deliverySchema, ...errors, ...errorResponses(409) },
        },
      },
      async (request) => {
        await rescheduleDelivery(db(), deps, request.user.id, request.params.id);
        return getOwnDelivery(db(), request.user.id, request.params.id, view);
      },
    );
  };
