import type { PaymentProvider, ProviderResult } from './provider.ts';

/**
 * A processor that keeps idempotency keys the way Stripe does, for the money suites: the same
 * key answers the stored result of its first request (a charge refunded since is still answered
 * as that successful charge), and it keeps the books of what it really holds for each charge.
 * Wraps another provider (the embedded test provider) for card behaviour.
 */
export interface StripeLikeProvider extends PaymentProvider {
  /** Charges answered, by charge id: amount taken and amount given back. */
  readonly charges: Map<string, { amountCents: number; refundedCents: number }>;
  /** Cents the processor holds (taken minus given back) over every charge. */
  heldCents(): number;
  /** Runs once, after the next charge is taken and before it is answered. */
  onNextCharge(hook: () => Promise<void>): void;
}

export function createStripeLikeProvider(base: PaymentProvider): StripeLikeProvider {
  const chargeResults = new Map<string, ProviderResult<{ chargeId: string }>>();
  const refundResults = new Map<string, ProviderResult<{ refundId: string }>>();
  const charges = new Map<string, { amountCents: number; refundedCents: number }>();
  let counter = 0;
  let hook: (() => Promise<void>) | null = null;
  return {
    name: base.name,
    charges,
    heldCents: () =>
      [...charges.values()].reduce((sum, item) => sum + item.amountCents - item.refundedCents, 0),
    onNextCharge(next) {
      hook = next;
    },
    vaultCard: (card) => base.vaultCard(card),
    async charge(input) {
      const stored = chargeResults.get(input.idempotencyKey);
      if (stored) return stored;
      const result = await base.charge(input);
      // Unlike the embedded provider, every new charge has a new id.
      const answer: ProviderResult<{ chargeId: string }> = result.ok
        ? { ok: true, value: { chargeId: `ch_like_${++counter}` } }
        : result;
      chargeResults.set(input.idempotencyKey, answer);
      if (answer.ok)
        charges.set(answer.value.chargeId, { amountCents: input.amountCents, refundedCents: 0 });
      const run = hook;
      hook = null;
      await run?.();
      return answer;
    },
    async refund(input) {
      const stored = refundResults.get(input.idempotencyKey);
      if (stored) return stored;
      const charge = charges.get(input.chargeId);
      if (!charge || charge.refundedCents + input.amountCents > charge.amountCents) {
        return { ok: false, code: 'processing_error', message: 'No such charge to refund' };
      }
      charge.refundedCents += input.amountCents;
      const answer: ProviderResult<{ refundId: string }> = {
        ok: true,
        value: { refundId: `re_like_${++counter}` },
      };
      refundResults.set(input.idempotencyKey, answer);
      return answer;
    },
  };
}
