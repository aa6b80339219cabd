import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createLeaseRequestSchema,
  leaseListSchema,
  leaseParamsSchema,
  leaseSchema,
} from 'shared-contracts/leasing';
import { requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { idempotencyKeyOf, idempotent } from '../http/idempotency.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { requireAccountOfUser } from '../retailers/accounts.ts';
import { createLease, getLease, listLeases } from './service.ts';

const errors = errorResponses(400, 401, 402, 404, 409, 422);

/** Robot leases of the signed-in user's retailer account. */
export const leasingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.addHook('preHandler', requireUser);
  noStore(app);

  app.get(
    '/api/leases',
    {
      schema: {
        tags: ['leasing'],
        summary: "Your retailer account's robot leases, newest first",
        response: { 200: leaseListSchema, ...errors },
      },
    },
    async (request) => listLeases(db(), (await requireAccountOfUser(db(), request.user.id)).id),
  );

  app.get(
    '/api/leases/:id',
    {
      schema: {
        tags: ['leasing'],
        summary: 'One lease (the confirmation page)',
        params: leaseParamsSchema,
        response: { 200: leaseSchema, ...errors },
      },
    },
    async (request) => {
      const account = await requireAccountOfUser(db(), request.user.id);
      return getLease(db(), account.id, request.params.id);
    },
  );

  app.post(
    '/api/leases',
    {
      schema: {
        tags: ['leasing'],
        summary: 'Sign a lease and pay the first month (accepts Idempotency-Key)',
        description:
          'Priced by the shared `priceLease`; `expectedDueTodayCents` different from the server price → 409.',
        body: createLeaseRequestSchema,
        response: { 201: leaseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const account = await requireAccountOfUser(db(), request.user.id);
      const key = idempotencyKeyOf(request) ?? randomUUID();
      return idempotent(request, reply, { scope: `user:${request.user.id}` }, async () => ({
        statusCode: 201,
        body: await createLease(db(), app.paymentProvider, {
          account,
          userId: request.user.id,
          request: request.body,
          idempotencyKey: key,
          now: new Date(),
        }),
      }));
    },
  );
};

export const leasingDomain: ApiDomain = {
  tags: [{ name: 'leasing', description: 'Robot leasing (signed in retailer)' }],
  plugin: leasingRoutes,
};
