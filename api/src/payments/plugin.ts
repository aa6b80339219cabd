import fastifyPlugin from 'fastify-plugin';
import type { ApiDomain } from '../http/api-domain.ts';
import type { PaymentProvider } from './provider.ts';
import { createTestPaymentProvider } from './test-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card processor (the embedded "test" provider); pass it to `charge`/`refundPayment`. */
    paymentProvider: PaymentProvider;
  }
}

/**
 * The card processor, decorated on the root instance so every plugin registered after this one
 * (order pickups, wallet, curbside, delivery tracking, refunds, the retailer API) can charge.
 */
export const paymentsPlugin = fastifyPlugin(
  async (app, options: { paymentProvider?: PaymentProvider }) => {
    app.decorate('paymentProvider', options.paymentProvider ?? createTestPaymentProvider());
  },
  { name: 'payments' },
);

/** The card processor, before every domain that charges. */
export const paymentProviderDomain: ApiDomain = { plugin: paymentsPlugin };
