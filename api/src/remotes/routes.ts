import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { remotesManifestSchema } from 'shared-contracts/remotes';
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
    async (_request, reply) => {
      // Redeploying a remote changes this answer without a shell rebuild; never serve it stale.
      reply.header('cache-control', 'no-cache');
      return manifest;
    },
  );
};
