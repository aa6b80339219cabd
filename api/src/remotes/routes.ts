import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { remotesManifestSchema } from 'shared-contracts/remotes';
import type { ApiDomain } from '../http/api-domain.ts';
import { buildRemotesManifest } from './service.ts';

export const remotesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Computed once: the configuration does not change while the process runs.
  const manifest = remotesManifestSchema.parse(
    buildRemotesManifest(app.config.remoteUrls, app.config.remoteLoadTimeoutMs),
  );
  app.get(
    '/remotes.json',
    {
      schema: {
        tags: ['platform'],
        summary:
          'Manifest URL of every federated remote (and the load timeout), read by the shell at start-up',
        response: { 200: remotesManifestSchema },
      },
    },
    async (request, reply) => {
      // This visitor's releases once the registry has some (ADR 019): their own answer.
      const visitor = app.releases.forVisitor(request, reply);
      if (visitor) {
        reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie');
        return visitor.config;
      }
      // Redeploying a remote changes this answer without a shell rebuild; never serve it stale.
      reply.header('cache-control', 'no-cache');
      return manifest;
    },
  );
};

/** In the platform group (health/routes.ts). */
export const remotesDomain: ApiDomain = { plugin: remotesRoutes };
