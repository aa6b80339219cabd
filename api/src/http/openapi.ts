import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ApiDomain, OpenApiTag } from './api-domain.ts';

/**
 * The OpenAPI 3.1 document, made from the routes' zod schemas, with the groups and security
 * schemes each domain declares, in the order the domains are registered. Served at
 * `/api/openapi.json`; openapi.test.ts checks that every operation is in exactly one group.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  domains: readonly ApiDomain[],
): Promise<void> {
  const tags: OpenApiTag[] = [];
  for (const tag of domains.flatMap((domain) => domain.tags ?? [])) {
    if (tags.some((known) => known.name === tag.name)) {
      throw new Error(`The OpenAPI group "${tag.name}" is declared by two domains.`);
    }
    tags.push(tag);
  }
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Curbside & same-day delivery API',
        description:
          'Every 4xx/5xx answer is `{ "message": string, "issues"?: [{ "path", "message" }] }`.',
        version: '1.0.0',
      },
      tags,
      components: {
        securitySchemes: Object.assign({}, ...domains.map((domain) => domain.securitySchemes)),
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
