import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { apiKeyRoutes } from '../api-keys/routes.ts';
import { leasingRoutes } from '../leasing/routes.ts';
import { EVENTS_CHANNEL, type EventNotice } from '../realtime/publish.ts';
import { retailerAccountRoutes } from '../retailer-accounts/routes.ts';
import { webhookRoutes } from '../webhooks/routes.ts';
import {
  runScheduledAttempt,
  WEBHOOK_DELIVER_TIMER,
  type WebhookDeps,
  webhookTimerPayloadSchema,
} from '../webhooks/service.ts';
import { createDeliverySyncLoop } from './delivery-sync.ts';
import { retailerApiRoutes } from './routes.ts';
import { widgetRoutes } from './widget-routes.ts';

/** The OpenAPI tags of the retailer domains, in the order `/api-docs` shows them. */
export const RETAILER_OPENAPI_TAGS = [
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
  { name: 'retailer-account', description: 'Onboarding: your retailer account (signed in)' },
  { name: 'api-keys', description: 'Onboarding: roll and revoke API keys (signed in)' },
  {
    name: 'webhook-endpoints',
    description: 'Onboarding: webhook endpoints, their delivery log, test events (signed in)',
  },
  { name: 'analytics', description: 'The delivery tracking dashboard (signed in, or the demo)' },
  { name: 'leasing', description: 'Robot leasing (signed in retailer)' },
];

export const RETAILER_SECURITY_SCHEMES = {
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
 * Every retailer domain of issue 8 (accounts, keys, the retailer API, the widget's calls,
 * webhooks, leasing), registered in one place so `app.ts` needs one line. The dashboard
 * (analytics/plugin.ts) builds on them and is registered after.
 */
const retailerDomains: FastifyPluginAsync = async (app) => {
  const webhookDeps = (): WebhookDeps => ({
    db: app.database.db,
    schedule: app.timers.schedule,
    timeScale: app.config.simTimeScale,
    timeoutMs: app.config.webhookTimeoutMs,
    allowLoopback: app.config.webhookAllowLoopback,
  });
  app.timers.register(
    WEBHOOK_DELIVER_TIMER,
    async ({ payload }) => runScheduledAttempt(webhookDeps(), payload),
    { payloadSchema: webhookTimerPayloadSchema },
  );

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

  await app.register(retailerAccountRoutes);
  await app.register(apiKeyRoutes);
  await app.register(retailerApiRoutes);
  await app.register(widgetRoutes);
  await app.register(webhookRoutes, { deps: webhookDeps });
  await app.register(leasingRoutes);
};

/** Not encapsulated, so `app.retailerDeliverySync` is visible on the root instance. */
export const retailerPlugin = fastifyPlugin(retailerDomains, { name: 'retailer' });
