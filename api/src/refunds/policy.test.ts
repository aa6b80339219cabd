import { REFUND_MESSAGES, REFUND_REVIEW_REASONS } from 'shared-contracts/refunds';
import { describe, expect, it } from 'vitest';
import { checkEligibility, decideRefund, fitToWallet, type RefundFacts } from './policy.ts';

const windowEndsAt = new Date('2026-07-14T20:30:00Z'); // 3:30 PM CT
const facts = (extra: Partial<RefundFacts> = {}): RefundFacts => ({
  reason: 'late',
  order: { status: 'delivered', feeCents: 999, windowEndsAt },
  delivery: { status: 'delivered', deliveredAt: new Date('2026-07-14T21:10:00Z'), attempt: 1 },
  livemode: true,
  paymentLeftCents: 1299,
  itemValueCents: null,
  // A retailer's checkout that listed $300.00 of items, no earlier claims.
  items: {
    knownValueCents: 30_000,
    fromOwnRetailer: false,
    fromVettedSource: true,
    creditedClaimsOnOrder: 0,
    recentAutoCreditCents: 0,
  },
  now: new Date('2026-07-14T22:00:00Z'),
  ...extra,
});

describe('late deliveries', () => {
  it('refunds 100% of the delivery fee, not the tip', () => {
    const decision = decideRefund(facts());
    expect(decision).toEqual({
      status: 'approved',
      amountCents: 999,
      source: 'payment',
      explanation:
        'Your order arrived at Jul 14, 4:10 PM CT, after its window ended at Jul 14, 3:30 PM CT. A late delivery caused by us is refunded 100% of the delivery fee: $9.99.',
    });
  });

  it('never refunds more than is left of the payment', () => {
    const decision = decideRefund(facts({ paymentLeftCents: 400 }));
    expect(decision).toMatchObject({ status: 'approved', amountCents: 400 });
  });

  it('rejects an order that arrived inside its window', () => {
    const decision = decideRefund(
      facts({
        delivery: {
          status: 'delivered',
          deliveredAt: new Date('2026-07-14T20:00:00Z'),
          attempt: 1,
        },
      }),
    );
    expect(decision.status).toBe('rejected');
    expect(decision.explanation).toContain('inside its delivery window');
  });

  it('rejects a delay caused by a missed hand-over', () => {
    const decision = decideRefund(
      facts({
        delivery: {
          status: 'delivered',
          deliveredAt: new Date('2026-07-14T21:10:00Z'),
          attempt: 2,
        },
      }),
    );
    expect(decision).toMatchObject({ status: 'rejected' });
    expect(decision.explanation).toContain('missed hand-over');
  });

  it('rejects when no fee was charged (a subscriber)', () => {
    expect(
      decideRefund(facts({ order: { status: 'delivered', feeCents: 0, windowEndsAt } })).status,
    ).toBe('rejected');
  });

  it('accepts a request only once the order is late', () => {
    const early = facts({
      order: { status: 'in_transit', feeCents: 999, windowEndsAt },
      delivery: { status: 'en_route', deliveredAt: null, attempt: 1 },
      now: new Date('2026-07-14T20:00:00Z'),
    });
    expect(checkEligibility(early)).toEqual({
      ok: false,
      message:
        'This order is not late: its delivery window ends at Jul 14, 3:30 PM CT. If it has not arrived by then, you can ask for the delivery fee back.',
    });
    const overdue = { ...early, now: new Date('2026-07-14T21:00:00Z') };
    expect(checkEligibility(overdue)).toEqual({ ok: true });
    expect(decideRefund(overdue)).toMatchObject({ status: 'approved', amountCents: 999 });
  });
});

describe('damaged and missing items', () => {
  const item = (value: number, reason: 'damaged_item' | 'missing_item' = 'damaged_item') =>
    facts({ reason, itemValueCents: value });

  it('covers up to 100% of the item value, in the wallet', () => {
    expect(decideRefund(item(4599))).toEqual({
      status: 'approved',
      amountCents: 4599,
      source: 'wallet_credit',
      explanation:
        'We cover a damaged item up to 100% of its value: $45.99 has been credited to your CurbRun wallet.',
    });
    expect(decideRefund(item(25_000, 'missing_item'))).toMatchObject({
      status: 'approved',
      amountCents: 25_000,
    });
  });

  it('sends large claims to a specialist', () => {
    expect(decideRefund(item(25_001))).toEqual({
      status: 'needs_review',
      explanation: REFUND_REVIEW_REASONS.aboveClaimLimit,
    });
  });

  const withItems = (value: number, items: Partial<RefundFacts['items']>) => {
    const base = item(value);
    return { ...base, items: { ...base.items, ...items } };
  };

  it('sends a claim to review when the retailer sent no items to check it against', () => {
    expect(decideRefund(withItems(25_000, { knownValueCents: null }))).toEqual({
      status: 'needs_review',
      explanation: REFUND_REVIEW_REASONS.itemsUnknown,
    });
  });

  it("never approves more than the order's known items are worth", () => {
    expect(decideRefund(withItems(3_601, { knownValueCents: 3_600 }))).toEqual({
      status: 'needs_review',
      explanation: REFUND_REVIEW_REASONS.aboveKnownItems('$36.01', '$36.00'),
    });
    expect(decideRefund(withItems(3_600, { knownValueCents: 3_600 }))).toMatchObject({
      status: 'approved',
      amountCents: 3_600,
    });
  });

  it('approves one item claim per order; the next goes to review', () => {
    expect(decideRefund(withItems(100, { creditedClaimsOnOrder: 1 }))).toEqual({
      status: 'needs_review',
      explanation: REFUND_REVIEW_REASONS.secondItemClaim,
    });
  });

  it('sends a claim over the 30-day automatic limit to review', () => {
    expect(decideRefund(withItems(10_001, { recentAutoCreditCents: 20_000 }))).toEqual({
      status: 'needs_review',
      explanation: REFUND_REVIEW_REASONS.aboveWindowLimit,
    });
    expect(decideRefund(withItems(10_000, { recentAutoCreditCents: 20_000 }))).toMatchObject({
      status: 'approved',
    });
  });

  it("does not trust item prices from the claimant's own retailer account", () => {
    expect(decideRefund(withItems(1_000, { fromOwnRetailer: true }))).toEqual({
      status: 'needs_review',
      explanation: REFUND_REVIEW_REASONS.ownRetailer,
    });
  });

  it('refuses item claims on test-mode orders', () => {
    expect(checkEligibility({ ...item(1_000), livemode: false })).toEqual({
      ok: false,
      message: REFUND_MESSAGES.testModeItems,
    });
    expect(decideRefund({ ...item(1_000), livemode: false }).status).toBe('rejected');
  });

  it('needs the order to be delivered, and a report within 7 days', () => {
    expect(
      checkEligibility({
        ...item(1000),
        order: { status: 'in_transit', feeCents: 999, windowEndsAt },
      }),
    ).toMatchObject({ ok: false });
    expect(checkEligibility(item(1000))).toEqual({ ok: true });
    expect(
      checkEligibility({ ...item(1000), now: new Date('2026-07-22T21:00:00Z') }),
    ).toMatchObject({
      ok: false,
      message: 'Damaged or missing items must be reported within 7 days of the delivery.',
    });
  });
});

describe('other requests and cancelled orders', () => {
  it('sends other reasons to a specialist', () => {
    expect(decideRefund(facts({ reason: 'other' })).status).toBe('needs_review');
  });

  it('refuses cancelled orders, which were refunded in full', () => {
    const cancelled = facts({ order: { status: 'cancelled', feeCents: 999, windowEndsAt } });
    expect(checkEligibility(cancelled)).toMatchObject({ ok: false });
  });
});

describe('the balance cap', () => {
  const approved = {
    status: 'approved' as const,
    amountCents: 3_000,
    source: 'wallet_credit' as const,
    explanation: 'Covered.',
  };

  it('pays as decided when the credit fits, or does not land in the wallet', () => {
    const fits = { landsInWallet: true, canGoToCard: false, roomCents: 3_000 };
    expect(fitToWallet(approved, fits).pay).toBe('as_decided');
    expect(fitToWallet(approved, { ...fits, landsInWallet: false, roomCents: 0 }).pay).toBe(
      'as_decided',
    );
  });

  it('sends a fee refund back to the card rather than over the cap', () => {
    const fee = { ...approved, source: 'payment' as const };
    expect(fitToWallet(fee, { landsInWallet: true, canGoToCard: true, roomCents: 10 })).toEqual({
      pay: 'to_card',
      decision: fee,
    });
  });

  it('credits up to the cap and sends the rest to review', () => {
    expect(
      fitToWallet(approved, { landsInWallet: true, canGoToCard: false, roomCents: 1_000 }),
    ).toEqual({
      pay: 'up_to_cap',
      amountCents: 1_000,
      decision: {
        status: 'needs_review',
        explanation: REFUND_REVIEW_REASONS.walletFull('$10.00', '$20.00', '$2,000.00'),
      },
    });
    expect(
      fitToWallet(approved, { landsInWallet: true, canGoToCard: false, roomCents: 0 }),
    ).toMatchObject({ pay: 'up_to_cap', amountCents: 0 });
  });
});
