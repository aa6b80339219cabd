import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ApiDomain } from '../http/api-domain.ts';
import { EVENTS_CHANNEL, type EventNotice } from '../realtime/publish.ts';
import { createDeliverySyncLoop } from './delivery-sync.ts';
import { retailerApiRoutes } from './routes.ts';
import { widgetRoutes } from './widget-routes.ts';

const RETAILER_SECURITY_SCHEMES = {
  secretKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_test_… or sk_live_…',
    description:
      'A secret API key from the retailer onboarding page, on your server only: `Authorization: Bearer sk_test_…`.',
  },
  publishableKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pk_test_… or pk_live_…',
    description:
      'A publishable key, used by the checkout widget in browsers; only from allowed domains (Origin).',
  },
  session: {
    type: 'http',
    scheme: 'bearer',
    description: 'The signed-in user’s session token (the dashboard and onboarding pages).',
  },
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces retailer delivery changes; `run()` in tests to wait for a pass. */
    retailerDeliverySync: ReturnType<typeof createDeliverySyncLoop>;
  }
}

/**
 * The retailer API and the widget's calls, and the loop that turns delivery changes into
 * webhooks and live dashboard events (delivery-sync.ts). Not encapsulated, so
 * `app.retailerDeliverySync` is visible on the root instance (the dashboard builds on it).
 */
const retailerApi: FastifyPluginAsync = async (app) => {
  // Delivery changes → webhooks and live dashboard events (delivery-sync.ts).
  const sync = createDeliverySyncLoop({
    db: app.database.db,
    deps: { schedule: (db, input) => app.timers.schedule(db, input) },
    onError: (error) => app.log.warn({ err: error }, 'retailer delivery sync failed; retrying'),
  });
  app.decorate('retailerDeliverySync', sync);
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unlisten = await app.database.listen(EVENTS_CHANNEL, (payload) => {
      try {
        const notice = JSON.parse(payload) as EventNotice;
        if (typeof notice.topic === 'string' && notice.topic.startsWith('delivery:'))
          sync.trigger();
      } catch {
        // Not ours to judge: other notices are ignored.
      }
    });
    sync.start();
  });
  app.addHook('preClose', async () => {
    await unlisten?.();
    await sync.stop();
  });

  await app.register(retailerApiRoutes);
  await app.register(widgetRoutes);
};

export const retailerPlugin = fastifyPlugin(retailerApi, { name: 'retailer' });

export const retailerApiDomain: ApiDomain = {
  tags: [
    {
      name: 'checkout-api',
      description:
        'Retailer API: hand a customer’s order to CurbRun and send them to the checkout. Secret key (`sk_test_…` / `sk_live_…`).',
    },
    {
      name: 'deliveries-api',
      description:
        'Retailer API: the deliveries of your checkouts. Test keys see test deliveries only, live keys live ones. Secret key.',
    },
    {
      name: 'widget',
      description:
        'Calls made by the embeddable checkout widget from your pages: publishable key (`pk_…`), allowed domains only.',
    },
  ],
  securitySchemes: RETAILER_SECURITY_SCHEMES,
  plugin: retailerPlugin,
};
