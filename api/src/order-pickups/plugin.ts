import fastifyPlugin from 'fastify-plugin';
import type { ApiDomain } from '../http/api-domain.ts';
import { OrderPickupEvents } from './status.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Order pickup status listeners; see order-pickups/status.ts. */
    orderPickupEvents: OrderPickupEvents;
  }
}

/**
 * The order pickups' status event bus, decorated on the root instance so every plugin registered
 * after this one (curbside, delivery tracking, refunds, the retailer API) can listen to an order's
 * status changes inside the transaction that makes them.
 */
export const orderPickupEventsPlugin = fastifyPlugin(
  async (app) => {
    app.decorate('orderPickupEvents', new OrderPickupEvents());
  },
  { name: 'order-pickup-events' },
);

/** The status event bus, before every domain that listens to it. */
export const orderPickupEventsDomain: ApiDomain = { plugin: orderPickupEventsPlugin };
