import fastifyPlugin from 'fastify-plugin';
import { z } from 'zod';
import type { ApiDomain } from '../http/api-domain.ts';
import {
  DEMO_INTERVAL_MS,
  DEMO_TIMER,
  type DemoDeps,
  placeDemoOrder,
  startDemoTraffic,
} from './demo.ts';
import { dashboardRoutes, demoRoutes } from './routes.ts';

/**
 * The delivery tracking dashboard: its routes (signed in, and the public demo) and the demo
 * store's simulated traffic. Registered after the retailer plugin, whose checkout and delivery
 * sync it builds on; the retailer domains know nothing of it, so no import goes in a circle.
 */
export const analyticsPlugin = fastifyPlugin(
  async (app) => {
    const demoDeps = (): DemoDeps => ({
      provider: app.paymentProvider,
      events: app.orderPickupEvents,
      publicUrl: app.config.publicUrl,
      schedule: (db, input) => app.timers.schedule(db, input),
    });
    app.timers.register(
      DEMO_TIMER,
      async ({ payload, db, schedule }) => {
        try {
          await placeDemoOrder(db, demoDeps(), payload.sequence);
        } catch (error) {
          // A missed demo order is no reason to stop the demo (or to retry and order twice).
          app.log.warn({ err: error }, 'placing a demo order failed');
        }
        if (app.config.retailerDemoTraffic) {
          await schedule(db, {
            kind: DEMO_TIMER,
            payload: { sequence: payload.sequence + 1 },
            delayMs: DEMO_INTERVAL_MS,
          });
        }
      },
      { payloadSchema: z.object({ sequence: z.number().int().min(1) }) },
    );
    // After the retailer plugin's onReady (hooks run in registration order): the delivery sync
    // runs before the demo store places its first order.
    app.addHook('onReady', async () => {
      if (app.config.retailerDemoTraffic) await startDemoTraffic(app.database.db, demoDeps());
    });

    await app.register(dashboardRoutes);
    await app.register(demoRoutes);
  },
  { name: 'analytics', dependencies: ['retailer'] },
);

export const analyticsDomain: ApiDomain = {
  tags: [
    { name: 'analytics', description: 'The delivery tracking dashboard (signed in, or the demo)' },
  ],
  plugin: analyticsPlugin,
};
