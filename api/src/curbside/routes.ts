import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCurbsidePickupResponseSchema,
  curbsideArrivalSchema,
  curbsidePickupParamsSchema,
  curbsidePickupSchema,
  verifyPinSchema,
} from 'shared-contracts/curbside';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { idempotent } from '../http/idempotency.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { cancelCurbsideWithOrder, curbsideCancellationRefusal } from './order-cancellation.ts';
import { ROBOT_STEP_STATUSES } from './robot-schedule.ts';
import {
  advancePickup,
  assertOwnsPickup,
  CURBSIDE_TIMERS,
  type CurbsideDeps,
  cancelCurbsidePickup,
  closeCompartment,
  confirmCollected,
  createCurbsidePickup,
  curbsideTopic,
  expireRobotWait,
  getCurbsidePickup,
  verifyPickupPin,
} from './service.ts';

const pickupTimerPayload = z.object({ pickupId: z.uuid() });
const advanceTimerPayload = pickupTimerPayload.extend({ to: z.enum(ROBOT_STEP_STATUSES) });

const errors = errorResponses(400, 401, 404);

/**
 * Curbside pickup with robot delivery: the customer's calls, the live event stream and
 * the robot simulator's timers. Every route needs a signed-in user and only touches their own
 * pickups (anyone else's id answers 404).
 */
export const curbsideRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CurbsideDeps = {
    // Decorated by the order-pickup events plugin, which app.ts registers before this one.
    orderEvents: app.orderPickupEvents,
    schedule: (db, input) => app.timers.schedule(db, input),
    timeScale: app.config.simTimeScale,
  };
  const db = () => app.database.db;

  // An order whose robot is out cannot be cancelled; one still at the store cancels its pickup
  // (order-cancellation.ts). The order-pickups domain asks through the event bus.
  const stopGuarding = app.orderPickupEvents.guardCancellation({
    refusal: curbsideCancellationRefusal,
    beforeCancel: cancelCurbsideWithOrder,
  });
  app.addHook('onClose', async () => stopGuarding());

  app.timers.register(
    CURBSIDE_TIMERS.advance,
    ({ db: timerDb, payload }) => advancePickup(timerDb, deps, payload.pickupId, payload.to),
    { payloadSchema: advanceTimerPayload },
  );
  app.timers.register(
    CURBSIDE_TIMERS.waitTimeout,
    ({ db: timerDb, payload }) => expireRobotWait(timerDb, payload.pickupId),
    { payloadSchema: pickupTimerPayload },
  );
  app.timers.register(
    CURBSIDE_TIMERS.compartmentClose,
    ({ db: timerDb, payload }) => closeCompartment(timerDb, deps, payload.pickupId),
    { payloadSchema: pickupTimerPayload },
  );

  app.addHook('preHandler', requireUser);
  // Records carry personal data and change every few seconds: never cache them.
  noStore(app);

  app.post(
    '/api/curbside-pickups',
    {
      schema: {
        tags: ['curbside'],
        summary: 'Tell the store you have arrived; starts the robot delivery',
        description:
          'The order must be one of your order pickups in `confirmed` or `ready_for_pickup`, with ' +
          'no other curbside pickup in progress. A 4-digit PIN is sent by SMS to `phoneNumber`; ' +
          'it never appears in any answer. Accepts `Idempotency-Key`: the same key and body ' +
          'within 24 hours answer the first arrival again (`Idempotent-Replayed: true`) without ' +
          'starting another robot or sending another PIN; another body with that key is a 422.',
        body: curbsideArrivalSchema,
        response: {
          201: createCurbsidePickupResponseSchema,
          ...errors,
          ...errorResponses(409, 422),
        },
      },
    },
    // An arrival kept on a phone without signal is sent when the signal returns, possibly from
    // two tabs or by the service worker as well: the key makes every copy one arrival.
    async (request, reply) =>
      idempotent(request, reply, { scope: `user:${request.user.id}` }, async () => {
        const id = await createCurbsidePickup(db(), deps, request.user.id, request.body);
        return { statusCode: 201, body: { id, _id: id } };
      }),
  );

  app.get(
    '/api/curbside-pickups/:id',
    {
      schema: {
        tags: ['curbside'],
        summary: 'A curbside pickup record, without the PIN',
        params: curbsidePickupParamsSchema,
        response: { 200: curbsidePickupSchema, ...errors },
      },
    },
    async (request) => getCurbsidePickup(db(), request.user.id, request.params.id),
  );

  app.get(
    '/api/curbside-pickups/:id/events',
    {
      schema: {
        tags: ['curbside'],
        summary: 'Server-sent events: the whole record after every change',
        description:
          'Replays the pickup from its first event, or from after `Last-Event-ID`, then streams ' +
          'changes made by any API process. Each event is `event: pickup` with the record as data.',
        params: curbsidePickupParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      await assertOwnsPickup(db(), request.user.id, request.params.id);
      return app.realtime.stream(request, reply, {
        topic: curbsideTopic(request.params.id),
        fromStart: true,
      });
    },
  );

  app.post(
    '/api/curbside-pickups/:id/verify',
    {
      schema: {
        tags: ['curbside'],
        summary: 'Enter the PIN at the robot',
        description:
          'Only while the robot waits (`awaiting_verification`). A wrong PIN answers 422 and counts ' +
          'an attempt; the last allowed wrong one fails the delivery.',
        params: curbsidePickupParamsSchema,
        body: verifyPinSchema,
        response: {
          200: curbsidePickupSchema,
          ...errors,
          ...errorResponses(409, 422),
        },
      },
    },
    async (request) =>
      verifyPickupPin(db(), deps, request.user.id, request.params.id, request.body.verificationPin),
  );

  app.post(
    '/api/curbside-pickups/:id/collected',
    {
      schema: {
        tags: ['curbside'],
        summary: 'Confirm you took your order from the compartment',
        params: curbsidePickupParamsSchema,
        response: { 200: curbsidePickupSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => confirmCollected(db(), deps, request.user.id, request.params.id),
  );

  app.post(
    '/api/curbside-pickups/:id/cancel',
    {
      schema: {
        tags: ['curbside'],
        summary: 'Cancel, free until the robot leaves the store',
        params: curbsidePickupParamsSchema,
        response: { 200: curbsidePickupSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => cancelCurbsidePickup(db(), request.user.id, request.params.id),
  );
};

export const curbsideDomain: ApiDomain = {
  tags: [
    {
      name: 'curbside',
      description:
        'Curbside pickups: tell the store you have arrived, follow the robot live, open it with the PIN, confirm collection, cancel before it leaves the store',
    },
  ],
  plugin: curbsideRoutes,
};
