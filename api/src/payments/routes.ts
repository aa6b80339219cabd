import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPaymentMethodRequestSchema,
  paymentMethodListSchema,
  paymentMethodParamsSchema,
  paymentMethodSchema,
} from 'shared-contracts/payments';
import { z } from 'zod';
import { requireSensitiveAuth, requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import {
  addPaymentMethod,
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from './payment-methods.ts';

const errors = errorResponses(400, 401, 402, 403, 404, 409);

/**
 * Saved cards. Listing needs a signed-in user (the payment step offers them); adding, removing
 * and choosing the default are wallet settings and need the recent password check.
 */
export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  noStore(app);

  app.get(
    '/api/payment-methods',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        summary: "The caller's saved cards, the default first",
        response: { 200: paymentMethodListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listPaymentMethods(db(), request.user.id),
  );

  app.post(
    '/api/payment-methods',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['payments'],
        summary: 'Verify a card with the payment provider and save it',
        description:
          'Only brand, last 4, expiry and name are stored. A declined card answers 402 with the ' +
          "provider's message; at most 10 cards (409).",
        body: createPaymentMethodRequestSchema,
        response: { 201: paymentMethodSchema, ...errors },
      },
    },
    async (request, reply) => {
      const method = await addPaymentMethod(
        db(),
        app.paymentProvider,
        request.user.id,
        request.body,
      );
      return reply.code(201).send(method);
    },
  );

  app.post(
    '/api/payment-methods/:id/default',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['payments'],
        summary: 'Make a saved card the default',
        params: paymentMethodParamsSchema,
        response: { 200: paymentMethodSchema, ...errors },
      },
    },
    async (request) => setDefaultPaymentMethod(db(), request.user.id, request.params.id),
  );

  app.delete(
    '/api/payment-methods/:id',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['payments'],
        summary: 'Remove a saved card (the newest other card becomes the default)',
        params: paymentMethodParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await removePaymentMethod(db(), request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export const paymentsDomain: ApiDomain = {
  tags: [{ name: 'payments', description: 'Your saved cards (brand, last 4 and expiry only)' }],
  plugin: paymentMethodRoutes,
};
