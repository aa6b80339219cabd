import { createHash, randomUUID } from 'node:crypto';
import {
  cardDigits,
  detectCardBrand,
  PAYMENT_MESSAGES,
  parseExpiry,
  TEST_CARDS,
} from 'shared-contracts/payments';
import type { PaymentProvider, ProviderResult } from './provider.ts';

/**
 * The embedded "test" provider: like a card processor's test mode, it moves no real money and
 * answers according to the card number (shared-contracts TEST_CARDS):
 * - 4242 4242 4242 4242 (and the other success cards): every charge succeeds;
 * - 4000 0000 0000 0002: declined (when the card is first used or saved);
 * - 4000 0000 0000 9995: accepted, but every charge fails for insufficient funds;
 * - any other valid number is declined, as a test mode declines real cards.
 * The card's behaviour travels in its reference, so a saved card keeps behaving the same.
 */

type Behaviour = 'ok' | 'nofunds';

const digitsOf = (number: string) => cardDigits(number);

const SUCCESS_NUMBERS = new Set(
  [
    TEST_CARDS.success,
    TEST_CARDS.successMastercard,
    TEST_CARDS.successAmex,
    TEST_CARDS.successDiscover,
  ].map(digitsOf),
);
const DECLINED = digitsOf(TEST_CARDS.declined);
const INSUFFICIENT = digitsOf(TEST_CARDS.insufficientFunds);

function behaviourOf(reference: string): Behaviour | null {
  const match = /^pm_test_(ok|nofunds)_[0-9a-f]{16}$/.exec(reference);
  return (match?.[1] as Behaviour | undefined) ?? null;
}

/** Deterministic ids per idempotency key, so a retried call answers the same id. */
function idFor(prefix: string, idempotencyKey: string): string {
  return `${prefix}_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
}

export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    async vaultCard(card) {
      const digits = cardDigits(card.number);
      if (digits === DECLINED) {
        return { ok: false, code: 'card_declined', message: PAYMENT_MESSAGES.cardDeclined };
      }
      let behaviour: Behaviour;
      if (digits === INSUFFICIENT) behaviour = 'nofunds';
      else if (SUCCESS_NUMBERS.has(digits)) behaviour = 'ok';
      else return { ok: false, code: 'card_declined', message: PAYMENT_MESSAGES.notTestCard };
      const expiry = parseExpiry(card.expiry);
      if (!expiry) {
        return { ok: false, code: 'expired_card', message: 'This card has expired' };
      }
      const random = randomUUID().replaceAll('-', '').slice(0, 16);
      return {
        ok: true,
        value: {
          reference: `pm_test_${behaviour}_${random}`,
          brand: detectCardBrand(digits),
          last4: digits.slice(-4),
          expMonth: expiry.month,
          expYear: expiry.year,
        },
      };
    },
    async charge({
      reference,
      amountCents,
      idempotencyKey,
    }): Promise<ProviderResult<{ chargeId: string }>> {
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        throw new Error(`Charge amounts are positive integer cents, got ${amountCents}`);
      }
      const behaviour = behaviourOf(reference);
      if (behaviour === null) {
        return { ok: false, code: 'processing_error', message: PAYMENT_MESSAGES.processingError };
      }
      if (behaviour === 'nofunds') {
        return {
          ok: false,
          code: 'insufficient_funds',
          message: PAYMENT_MESSAGES.insufficientFunds,
        };
      }
      return { ok: true, value: { chargeId: idFor('ch_test', idempotencyKey) } };
    },
    async refund({ amountCents, idempotencyKey }) {
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        throw new Error(`Refund amounts are positive integer cents, got ${amountCents}`);
      }
      return { ok: true, value: { refundId: idFor('re_test', idempotencyKey) } };
    },
  };
}

/**
 * The processor of test-mode checkouts (checkout-sessions/test-mode.ts): always this embedded
 * simulator, whatever `app.paymentProvider` is, so a test session never reaches a live processor.
 */
export const simulatedPaymentProvider: PaymentProvider = createTestPaymentProvider();
