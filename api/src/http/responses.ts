import type { FastifyInstance } from 'fastify';
import { apiErrorSchema } from 'shared-contracts/errors';

/**
 * The error responses a route group documents, one `{ message, issues? }` schema per status code
 * (docs/product.md, "API conventions"), for the OpenAPI document and the response serializer.
 */
export function errorResponses<const Code extends number>(
  ...codes: Code[]
): Record<Code, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<
    Code,
    typeof apiErrorSchema
  >;
}

/**
 * Marks every answer of a route group `Cache-Control: no-store`: personal or changing data that
 * no browser or proxy cache may keep. The client's cache groups decide freshness instead. A route
 * that sets its own Cache-Control (a delivery's proof photo, kept privately) keeps it.
 */
export function noStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
