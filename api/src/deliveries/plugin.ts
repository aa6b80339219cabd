import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ApiDomain } from '../http/api-domain.ts';
import { EVENTS_CHANNEL, type EventNotice } from '../realtime/publish.ts';
import { markDeliveryCancelled } from './actions.ts';
import { type CourierDeps, registerCourierTimers } from './courier.ts';
import { orderOfCurbsidePickup, syncCurbsideDelivery } from './curbside-sync.ts';
import { dispatchDelivery } from './dispatch.ts';
import { mapTilesFromEnv } from './map-tiles.ts';
import { deliveryRoutes } from './routes.ts';

/**
 * Deliveries, dispatch and the courier simulator. Register after the commerce plugin
 * (order-pickup status listeners) and the curbside routes.
 *
 * - an order that becomes `confirmed` is dispatched in the same transaction;
 * - an order that is cancelled cancels its delivery;
 * - curbside pickups' live events (any process) re-mirror the order's delivery.
 */
/** What the courier simulator and dispatch run with in this app (the seed plays them too). */
export function courierDepsOf(
  app: FastifyInstance,
  env: Record<string, string | undefined> = process.env,
): CourierDeps {
  return {
    events: app.orderPickupEvents,
    schedule: (db, input) => app.timers.schedule(db, input),
    timeScale: app.config.simTimeScale,
    view: { mapTiles: mapTilesFromEnv(env) },
  };
}

export const deliveriesPlugin: FastifyPluginAsync<{
  env?: Record<string, string | undefined>;
}> = async (app, options) => {
  const deps = courierDepsOf(app, options.env);
  registerCourierTimers(app.timers, deps);

  app.orderPickupEvents.onStatusChange(async (tx, { orderPickup, to }) => {
    if (to === 'confirmed') await dispatchDelivery(tx, deps, orderPickup);
    if (to === 'cancelled') await markDeliveryCancelled(tx, deps, orderPickup.id);
  });

  // Curbside changes arrive as NOTIFYs on the live events channel; mirror them one at a time.
  let queue = Promise.resolve();
  let unlisten: (() => Promise<void>) | undefined;
  const mirror = (pickupId: string) => {
    queue = queue
      .then(async () => {
        const orderPickupId = await orderOfCurbsidePickup(app.database.db, pickupId);
        if (orderPickupId) await syncCurbsideDelivery(app.database.db, deps, orderPickupId);
      })
      .catch((error: unknown) => {
        // The next read of the delivery mirrors it again.
        app.log.warn(
          { err: error, pickupId },
          'mirroring a curbside pickup onto its delivery failed',
        );
      });
  };
  app.addHook('onReady', async () => {
    unlisten = await app.database.listen(EVENTS_CHANNEL, (payload) => {
      let notice: EventNotice;
      try {
        notice = JSON.parse(payload) as EventNotice;
      } catch {
        return;
      }
      if (typeof notice.topic === 'string' && notice.topic.startsWith('curbside:')) {
        mirror(notice.topic.slice('curbside:'.length));
      }
    });
  });
  app.addHook('preClose', async () => {
    await unlisten?.();
    await queue;
  });

  await app.register(deliveryRoutes(deps));
};

export const deliveriesDomain: ApiDomain = {
  tags: [{ name: 'deliveries', description: "Delivery tracking (the caller's own deliveries)" }],
  plugin: deliveriesPlugin,
};
