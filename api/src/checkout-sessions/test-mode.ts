import { CHECKOUT_MESSAGES } from 'shared-contracts/checkout';
import type { PaymentSource } from 'shared-contracts/payments';
import { BadRequestError } from '../http/errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { simulatedPaymentProvider } from '../payments/test-provider.ts';

/**
 * "Test mode": a checkout session made with a test key (`sk_test_…`/`pk_test_…`,
 * or `mode: 'test'` on the development endpoint) is the retailer's rehearsal, and nothing is real:
 * - paid only with a test card typed on the page (TEST_CARDS), never wallet or a saved card, and
 *   charged by the simulated provider (`payments.livemode = false`; refunds go back to that card);
 * - the order (`order_pickups.livemode = false`) gets only the simulated courier and no messages,
 *   and stays out of the customer's lists and lookups (no robot is ever claimed); its owner can
 *   still open it by id;
 * - the retailer sees it only with test keys (`retailer_checkouts.mode` scopes deliveries,
 *   dashboard, CSV and webhooks), and the customer sees "Test mode" on the checkout page.
 */

/** 400 unless `payment` is a card typed for this payment only. */
export function assertTestPaymentSource(payment: PaymentSource): void {
  if (payment.type !== 'card') {
    throw new BadRequestError(CHECKOUT_MESSAGES.testModeCardOnly, [
      { path: 'payment.type', message: CHECKOUT_MESSAGES.testModeCardOnly },
    ]);
  }
  if (payment.save) {
    throw new BadRequestError(CHECKOUT_MESSAGES.testModeNoSave, [
      { path: 'payment.save', message: CHECKOUT_MESSAGES.testModeNoSave },
    ]);
  }
}

/** The processor a session's payment goes to: the simulated one in test mode, always. */
export function providerForMode(mode: 'test' | 'live', live: PaymentProvider): PaymentProvider {
  return mode === 'test' ? simulatedPaymentProvider : live;
}
