import { CHECKOUT_MESSAGES } from 'shared-contracts/checkout';
import type { PaymentSource } from 'shared-contracts/payments';
import { BadRequestError } from '../http/errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { simulatedPaymentProvider } from '../payments/test-provider.ts';

/**
 * What "test mode" means (issue 12, item 3). A checkout session made with a test key
 * (`sk_test_…`/`pk_test_…`, or `mode: 'test'` on the development endpoint) is the retailer's
 * rehearsal, and nothing in it is real:
 * - Paid only with a test card typed on the page (the embedded provider's TEST_CARDS: 4242… and
 *   the other success cards pay, 4000…0002 and 4000…9995 decline, any real number is declined);
 *   never the customer's wallet, never a saved card, and the card is never saved (400 otherwise).
 * - Charged by the embedded simulated provider even where a live processor is configured, and
 *   recorded `payments.livemode = false`: refunds go back to that simulated card, never to the
 *   wallet (payments/service.ts).
 * - The order is `order_pickups.livemode = false`: its courier is the simulator only (it takes no
 *   CurbRun driver and costs nothing, the customer gets no texts or emails about it), and it stays
 *   out of the customer's live data: order list, lookup by number (so no curbside robot is ever
 *   claimed for it), deliveries list and pickup history. Its owner can still open it by id (the
 *   confirmation and its tracking page).
 * - The retailer sees it only with test keys: deliveries API, dashboard, CSV and webhooks are
 *   scoped by `retailer_checkouts.mode`, and test events go to test endpoints only.
 * - The customer sees "Test mode" on the checkout page (`mode` in the session).
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
