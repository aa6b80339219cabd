import fastifyPlugin from 'fastify-plugin';
import { OrderPickupEvents } from '../order-pickups/status.ts';
import type { PaymentProvider } from './provider.ts';
import { createTestPaymentProvider } from './test-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card processor (the embedded "test" provider); pass it to `charge`/`refundPayment`. */
    paymentProvider: PaymentProvider;
    /** Order pickup status listeners; see order-pickups/status.ts. */
    orderPickupEvents: OrderPickupEvents;
  }
}

/**
 * Shared pieces of the money domains, decorated on the root instance so every plugin registered
 * after this one (curbside, delivery tracking, refunds, the retailer API) can use them.
 */
export const commercePlugin = fastifyPlugin(
  async (app, options: { paymentProvider?: PaymentProvider }) => {
    app.decorate('paymentProvider', options.paymentProvider ?? createTestPaymentProvider());
    app.decorate('orderPickupEvents', new OrderPickupEvents());
  },
  { name: 'commerce' },
);
