import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from 'shared-contracts/errors';
import {
  apiDeliverySchema,
  checkoutInitializeRequestSchema,
  checkoutInitializeResponseSchema,
  deliveryListQuerySchema,
  deliveryListSchema,
  deliveryParamsSchema,
} from 'shared-contracts/retailer-api';
import { requireApiKey } from '../api-keys/guard.ts';
import { cancelDelivery } from '../deliveries/actions.ts';
import { idempotent } from '../http/idempotency.ts';
import { noStore } from '../http/responses.ts';
import { initializeCheckout } from './checkout.ts';
import { findRetailerDelivery, getRetailerDelivery, listRetailerDeliveries } from './deliveries.ts';

export const SECRET_KEY_SECURITY = [{ secretKey: [] }];

/** Every error the retailer API answers, as documented in the OpenAPI document. */
export const retailerApiErrors = {
  400: apiErrorSchema.describe('Invalid request: `message` names the first problem, `issues` all'),
  401: apiErrorSchema.describe('Missing, malformed, unknown, revoked or expired API key'),
  403: apiErrorSchema.describe('Wrong kind of key, or another retailer'),
  409: apiErrorSchema.describe('The resource is not in a state that allows this'),
  422: apiErrorSchema.describe('Idempotency-Key reused with a different request'),
  404: apiErrorSchema.describe('No such resource among yours (in this mode)'),
  429: apiErrorSchema.describe('Rate limit reached; see the Retry-After header'),
} as const;

const IDEMPOTENCY_NOTE =
  'Send an `Idempotency-Key` header (any unique string) to retry safely: the same key with the same body within 24 hours answers the first result again (`Idempotent-Replayed: true`); with a different body it answers 422.';

/** The public retailer API authenticated with secret keys. */
export const retailerApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  // onRequest: the key is checked before the body is even parsed (401 before any 400).
  app.addHook('onRequest', requireApiKey('secret'));
  noStore(app);

  app.post(
    '/api/checkout/initialize',
    {
      schema: {
        tags: ['checkout-api'],
        summary: 'Initialize a checkout',
        description: `Creates a checkout session for a customer's order and answers the \`checkout_url\` to send them to, with the delivery options and fees they will be offered (priced by the same function as the customer's checkout, before any subscriber discount). Test keys create test sessions, live keys live ones.\n\n${IDEMPOTENCY_NOTE}`,
        security: SECRET_KEY_SECURITY,
        body: checkoutInitializeRequestSchema,
        response: { 201: checkoutInitializeResponseSchema, ...retailerApiErrors },
      },
    },
    async (request, reply) =>
      idempotent(
        request,
        reply,
        { scope: `retailer:${request.apiKey.accountId}:${request.apiKey.mode}` },
        async () => ({
          statusCode: 201,
          body: await initializeCheckout(db(), request.apiKey, request.body, {
            publicUrl: app.config.publicUrl,
            now: new Date(),
          }),
        }),
      ),
  );

  const scope = (request: { apiKey: { accountId: string; mode: 'test' | 'live' } }) => ({
    accountId: request.apiKey.accountId,
    mode: request.apiKey.mode,
  });

  app.get(
    '/api/v1/deliveries',
    {
      schema: {
        tags: ['deliveries-api'],
        summary: 'List deliveries',
        description:
          'Your deliveries in the key’s mode, newest first. Filter with `status` (comma separated: pickup_confirmed, en_route, arriving, delivered, failed, cancelled); page with `limit` and `starting_after` = the previous page’s `next_cursor`.',
        security: SECRET_KEY_SECURITY,
        querystring: deliveryListQuerySchema,
        response: { 200: deliveryListSchema, ...retailerApiErrors },
      },
    },
    async (request) => listRetailerDeliveries(db(), scope(request), request.query, new Date()),
  );

  app.get(
    '/api/v1/deliveries/:id',
    {
      schema: {
        tags: ['deliveries-api'],
        summary: 'Retrieve a delivery',
        description:
          'Status, courier and position, ETA, and the history of statuses. A delivery of the other mode or of another retailer answers 404.',
        security: SECRET_KEY_SECURITY,
        params: deliveryParamsSchema,
        response: { 200: apiDeliverySchema, ...retailerApiErrors },
      },
    },
    async (request) => getRetailerDelivery(db(), scope(request), request.params.id, new Date()),
  );

  app.post(
    '/api/v1/deliveries/:id/cancel',
    {
      schema: {
        tags: ['deliveries-api'],
        summary: 'Cancel a delivery',
        description: `Free until the courier leaves the store (status \`pickup_confirmed\`); the customer's delivery payment is refunded. Later: 409.\n\n${IDEMPOTENCY_NOTE}`,
        security: SECRET_KEY_SECURITY,
        params: deliveryParamsSchema,
        response: { 200: apiDeliverySchema, ...retailerApiErrors },
      },
    },
    async (request, reply) =>
      idempotent(
        request,
        reply,
        { scope: `retailer:${request.apiKey.accountId}:${request.apiKey.mode}` },
        async () => {
          const context = await findRetailerDelivery(db(), scope(request), request.params.id);
          await cancelDelivery(
            db(),
            {
              events: app.orderPickupEvents,
              schedule: (target, input) => app.timers.schedule(target, input),
              timeScale: app.config.simTimeScale,
              view: { mapTiles: null },
            },
            context.row.userId,
            context.row.id,
            app.paymentProvider,
          );
          return {
            statusCode: 200,
            body: await getRetailerDelivery(db(), scope(request), request.params.id, new Date()),
          };
        },
      ),
  );
};
