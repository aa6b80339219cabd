import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressParamsSchema,
  createAddressRequestSchema,
  savedAddressListSchema,
  savedAddressSchema,
  updateAddressRequestSchema,
} from 'shared-contracts/addresses';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service.ts';

const errors = errorResponses(400, 401, 404, 409);

/**
 * Saved addresses, owner-only (another person's id is 404). Each save places the address with
 * the gazetteer; an address outside the three metros is a 400 with a message.
 */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.addHook('preHandler', requireUser);
  noStore(app);

  app.get(
    '/api/addresses',
    {
      schema: {
        tags: ['addresses'],
        summary: "The caller's saved addresses, the default first",
        response: { 200: savedAddressListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listAddresses(db(), request.user.id),
  );

  app.post(
    '/api/addresses',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Save an address (the first one becomes the default)',
        body: createAddressRequestSchema,
        response: { 201: savedAddressSchema, ...errors },
      },
    },
    async (request, reply) => {
      const address = await createAddress(db(), request.user.id, request.body);
      return reply.code(201).send(address);
    },
  );

  app.patch(
    '/api/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Change an address; `isDefault: true` makes it the default',
        params: addressParamsSchema,
        body: updateAddressRequestSchema,
        response: { 200: savedAddressSchema, ...errors },
      },
    },
    async (request) => updateAddress(db(), request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Remove an address (204); the newest other one becomes the default',
        params: addressParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAddress(db(), request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export const addressesDomain: ApiDomain = {
  tags: [{ name: 'addresses', description: 'Your saved delivery addresses (one is the default)' }],
  plugin: addressRoutes,
};
