import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSupportMessageResponseSchema,
  createSupportMessageSchema,
  supportThreadQuerySchema,
  supportThreadSchema,
} from 'shared-contracts/support';
import type { ApiDomain } from '../http/api-domain.ts';
import { HttpError } from '../http/errors.ts';
import { errorResponses } from '../http/responses.ts';
import { resolveSupportCaller } from './caller.ts';
import { postSupportMessage, readThread } from './service.ts';

function tooManyRequests(_request: FastifyRequest, context: { ttl: number }) {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new HttpError(
    429,
    `You are sending messages too quickly. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  );
}

/**
 * Per-IP limits. Writing is limited tightly: a person sends a few messages a minute, a
 * script flooding the support inbox sends many. Reading is polled by an open chat widget.
 * @fastify/rate-limit also sends `Retry-After`.
 */
export const SUPPORT_RATE_LIMITS = {
  post: { max: 20, timeWindow: 60_000, errorResponseBuilder: tooManyRequests },
  read: { max: 120, timeWindow: 60_000, errorResponseBuilder: tooManyRequests },
} as const;

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/support/messages',
    {
      config: { rateLimit: SUPPORT_RATE_LIMITS.read },
      schema: {
        tags: ['support'],
        summary: "The caller's support thread, oldest first",
        description:
          "Signed in (bearer token): the user's thread. Otherwise `visitorId` is required and " +
          "names the visitor's thread; an unknown visitor id has an empty thread.",
        querystring: supportThreadQuerySchema,
        response: { 200: supportThreadSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const caller = await resolveSupportCaller(app, request, request.query.visitorId);
      reply.header('cache-control', 'no-store');
      return { messages: await readThread(app.database.db, caller) };
    },
  );

  app.post(
    '/api/support/messages',
    {
      config: { rateLimit: SUPPORT_RATE_LIMITS.post },
      schema: {
        tags: ['support'],
        summary: 'Send a chat message or a contact-form message to support',
        description:
          "Stored in the caller's thread (the signed-in user's, else the visitor's named by " +
          '`visitorId`). The answer carries the stored message and, when it starts a ' +
          'conversation or comes from the contact form, the automatic acknowledgement with the ' +
          'support hours. A signed-in caller who also sends a `visitorId` takes over that ' +
          "visitor's earlier messages.",
        body: createSupportMessageSchema,
        response: {
          201: createSupportMessageResponseSchema,
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const caller = await resolveSupportCaller(app, request, body.visitorId);
      const result = await postSupportMessage(
        app.database.db,
        caller,
        body.source === 'contact'
          ? {
              source: 'contact',
              message: body.message,
              name: body.name,
              email: body.email,
              topic: body.topic,
            }
          : { source: 'chat', message: body.message },
        { adoptVisitorId: caller.kind === 'user' ? body.visitorId : undefined },
      );
      return reply.code(201).send(result);
    },
  );
};

export const supportDomain: ApiDomain = {
  tags: [{ name: 'support', description: 'Customer support chat and contact form' }],
  plugin: supportRoutes,
};
