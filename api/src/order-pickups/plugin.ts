import fastifyPlugin from 'fastify-plugin';
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
