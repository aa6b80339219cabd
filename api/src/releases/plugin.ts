import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ApiDomain } from '../http/api-domain.ts';
import { buildRemotesManifest } from '../remotes/service.ts';
import { createReleaseRegistry, type ReleaseRegistry, servedFolders } from './registry.ts';
import { releaseRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The remotes' releases: each visitor's assignment, reports, the rule (releases/registry.ts). */
    releases: ReleaseRegistry;
  }
}

/**
 * Canary releases of the remotes (docs/decisions/019-canary-releases.md). Registered before
 * `/remotes.json` and the pages, which ask it for each visitor's releases. The registry reads the
 * database once the server is ready (after migrations) and keeps following it.
 */
export const releasesPlugin = fastifyPlugin(async (app: FastifyInstance) => {
  const { config } = app;
  const registry = createReleaseRegistry({
    database: app.database,
    logger: app.log,
    rule: config.releases.rule,
    folders: servedFolders(config.staticRoot, config.remoteUrls),
    baseConfig: buildRemotesManifest(config.remoteUrls, config.remoteLoadTimeoutMs),
    secureCookie: new URL(config.publicUrl).protocol === 'https:',
  });
  app.decorate('releases', registry);
  app.addHook('onReady', () => registry.start());
  app.addHook('onClose', () => registry.stop());
  await app.register(releaseRoutes);
});

/** In the platform group (health/routes.ts), before `/remotes.json` and the pages. */
export const releasesDomain: ApiDomain = { plugin: releasesPlugin };
