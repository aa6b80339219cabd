import type { FastifyPluginAsync } from 'fastify';
import type { ApiDomain } from '../http/api-domain.ts';
import { webhookRoutes } from './routes.ts';
import {
  runScheduledAttempt,
  WEBHOOK_DELIVER_TIMER,
  type WebhookDeps,
  webhookTimerPayloadSchema,
} from './service.ts';

/** Webhook endpoints and their deliveries: the durable timer that sends each attempt, and the routes. */
const webhooks: FastifyPluginAsync = async (app) => {
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
  await app.register(webhookRoutes, { deps: webhookDeps });
};

export const webhooksDomain: ApiDomain = {
  tags: [
    {
      name: 'webhook-endpoints',
      description: 'Onboarding: webhook endpoints, their delivery log, test events (signed in)',
    },
  ],
  plugin: webhooks,
};
