import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

/** One group of operations in `/api/openapi.json` (what `/api-docs` shows as a section). */
export interface OpenApiTag {
  name: string;
  description: string;
}

/**
 * A domain as the app registers it (api/src/domains.ts): its routes and hooks as one Fastify
 * plugin, with the OpenAPI groups its operations use declared beside them.
 */
export interface ApiDomain {
  plugin: FastifyPluginAsync | FastifyPluginAsyncZod;
  /** The groups this domain introduces; a group is declared by exactly one domain. */
  tags?: readonly OpenApiTag[];
  /** Security schemes its operations name (`components.securitySchemes`). */
  securitySchemes?: Readonly<Record<string, unknown>>;
  /** Whether this server has the domain at all (the development routes stay out of production). */
  enabled?: (config: Config) => boolean;
}

/** Outside production only: routes that reveal secrets (the outbox) or skip checks for tests. */
export const outsideProduction = (config: Config) => config.nodeEnv !== 'production';
