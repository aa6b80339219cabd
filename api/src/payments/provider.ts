import type { CardBrand, CardInput } from 'shared-contracts/payments';

/**
 * What CurbRun needs from a card processor. The default is the embedded "test" provider
 * (test-provider.ts), which behaves like a processor's test mode; a real processor implements the
 * same interface (with browser-side tokenisation, so card numbers never reach this server).
 */

export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error';

export type ProviderResult<T> =
  | { ok: true; value: T }
  | { ok: false; code: DeclineCode; message: string };

export interface VaultedCard {
  /** The provider's reusable reference to the card; opaque to CurbRun. */
  reference: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface PaymentProvider {
  readonly name: string;
  /** Verifies a card and keeps it with the provider (a declined card is refused here). */
  vaultCard(card: CardInput): Promise<ProviderResult<VaultedCard>>;
  /** Takes `amountCents` from a vaulted card. The same idempotency key never charges twice. */
  charge(input: {
    reference: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<ProviderResult<{ chargeId: string }>>;
  /** Gives back part or all of a charge. */
  refund(input: {
    chargeId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<ProviderResult<{ refundId: string }>>;
}
