import type { DeliveryStatus } from 'shared-contracts/deliveries';
import type { OrderPickupStatus } from 'shared-contracts/order-pickups';
import { formatCents } from 'shared-contracts/payments';
import {
  AUTO_APPROVE_ITEM_LIMIT_CENTS,
  AUTO_ITEM_CREDIT_LIMIT_CENTS,
  ITEM_CLAIM_DAYS,
  REFUND_MESSAGES,
  REFUND_REVIEW_REASONS,
  type RefundReason,
} from 'shared-contracts/refunds';
import { SERVICE_TIME_ZONE } from 'shared-contracts/service-time';
import { MAX_WALLET_BALANCE_CENTS } from 'shared-contracts/wallet';

/**
 * The refund policy as pure functions. Automatic approval covers only what the platform can check
 * itself; anything else goes to a specialist (`needs_review`):
 * - a late delivery by our own timestamps: the delivery fee (not the tip), at most what is left;
 * - damaged or missing items: up to the item's value, as wallet credit, only when the retailer
 *   sent the order's items and the claim fits them, for an order's first item claim, within
 *   AUTO_APPROVE_ITEM_LIMIT_CENTS a claim and AUTO_ITEM_CREDIT_LIMIT_CENTS per customer per
 *   AUTO_CREDIT_WINDOW_DAYS (a declared value is otherwise unverifiable).
 * Approved amounts must also fit the wallet's cap (`fitToWallet`). `checkEligibility` runs when
 * the request is sent (a refusal stores nothing); `decideRefund` runs at the review.
 */

export interface ItemFacts {
  /** What the retailer said the order's items are worth; null when it sent none (or all at $0). */
  knownValueCents: number | null;
  /** The order's checkout came from a retailer account the claimant owns: its prices are theirs. */
  fromOwnRetailer: boolean;
  /**
   * The prices came from a vetted source: a partner retailer, or a vetted account's
   * secret key. A publishable key (forgeable Origin) or an unvetted account is not one.
   */
  fromVettedSource: boolean;
  /** Other item claims on this order that already credited money. */
  creditedClaimsOnOrder: number;
  /** Item compensation credited automatically to this customer within the window, other claims. */
  recentAutoCreditCents: number;
}

export interface RefundFacts {
  reason: RefundReason;
  order: {
    status: OrderPickupStatus;
    feeCents: number;
    windowEndsAt: Date | null;
  };
  /** False for a test-mode order: simulated, nothing real to cover. */
  livemode: boolean;
  delivery: {
    status: DeliveryStatus;
    deliveredAt: Date | null;
    /** More than one attempt: the first hand-over was missed by the customer. */
    attempt: number;
  } | null;
  /** What is left of the order's payment to refund (0 without a payment). */
  paymentLeftCents: number;
  itemValueCents: number | null;
  items: ItemFacts;
  now: Date;
}

export type Eligibility = { ok: true } | { ok: false; message: string };

export type ApprovedDecision = {
  status: 'approved';
  amountCents: number;
  source: 'payment' | 'wallet_credit';
  explanation: string;
};

export type RefundDecision =
  | ApprovedDecision
  | { status: 'rejected'; explanation: string }
  | { status: 'needs_review'; explanation: string };

const DAY_MS = 24 * 60 * 60 * 1000;

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SERVICE_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
/** "Jul 14, 3:30 PM CT": every store is in Texas. */
export const formatTexasTime = (date: Date) => `${timeFormat.format(date)} CT`;

function deliveredAt(facts: RefundFacts): Date | null {
  if (facts.delivery?.deliveredAt) return facts.delivery.deliveredAt;
  return null;
}

function isHandedOver(facts: RefundFacts): boolean {
  return facts.order.status === 'delivered' || facts.order.status === 'picked_up';
}

export function checkEligibility(facts: RefundFacts): Eligibility {
  if (facts.order.status === 'cancelled')
    return { ok: false, message: REFUND_MESSAGES.cancelledOrder };
  switch (facts.reason) {
    case 'late': {
      const end = facts.order.windowEndsAt;
      if (!end) return { ok: false, message: REFUND_MESSAGES.noWindow };
      if (!isHandedOver(facts) && facts.now.getTime() <= end.getTime()) {
        return { ok: false, message: REFUND_MESSAGES.notLateYet(formatTexasTime(end)) };
      }
      return { ok: true };
    }
    case 'damaged_item':
    case 'missing_item': {
      if (!facts.livemode) return { ok: false, message: REFUND_MESSAGES.testModeItems };
      if (!isHandedOver(facts)) return { ok: false, message: REFUND_MESSAGES.notDeliveredYet };
      const at = deliveredAt(facts);
      if (at && facts.now.getTime() - at.getTime() > ITEM_CLAIM_DAYS * DAY_MS) {
        return { ok: false, message: REFUND_MESSAGES.claimWindowOver };
      }
      return { ok: true };
    }
    case 'other':
      return { ok: true };
  }
}

export function decideRefund(facts: RefundFacts): RefundDecision {
  switch (facts.reason) {
    case 'late':
      return decideLate(facts);
    case 'damaged_item':
    case 'missing_item':
      return decideItem(facts);
    case 'other':
      return { status: 'needs_review', explanation: REFUND_REVIEW_REASONS.other };
  }
}

function decideItem(facts: RefundFacts): RefundDecision {
  const value = facts.itemValueCents ?? 0;
  const what = facts.reason === 'damaged_item' ? 'damaged item' : 'missing item';
  const review = (explanation: string): RefundDecision => ({
    status: 'needs_review',
    explanation,
  });
  if (value <= 0) {
    return {
      status: 'rejected',
      explanation: 'No item value was given, so there is nothing to cover.',
    };
  }
  if (!facts.livemode) return { status: 'rejected', explanation: REFUND_MESSAGES.testModeItems };
  const { items } = facts;
  if (items.creditedClaimsOnOrder > 0) return review(REFUND_REVIEW_REASONS.secondItemClaim);
  if (items.knownValueCents === null) return review(REFUND_REVIEW_REASONS.itemsUnknown);
  if (items.fromOwnRetailer) return review(REFUND_REVIEW_REASONS.ownRetailer);
  if (!items.fromVettedSource) return review(REFUND_REVIEW_REASONS.unvettedRetailer);
  if (value > items.knownValueCents) {
    return review(
      REFUND_REVIEW_REASONS.aboveKnownItems(formatCents(value), formatCents(items.knownValueCents)),
    );
  }
  if (value > AUTO_APPROVE_ITEM_LIMIT_CENTS) return review(REFUND_REVIEW_REASONS.aboveClaimLimit);
  if (items.recentAutoCreditCents + value > AUTO_ITEM_CREDIT_LIMIT_CENTS) {
    return review(REFUND_REVIEW_REASONS.aboveWindowLimit);
  }
  return {
    status: 'approved',
    amountCents: value,
    source: 'wallet_credit',
    explanation: `We cover a ${what} up to 100% of its value: ${formatCents(value)} has been credited to your CurbRun wallet.`,
  };
}

/** Where an approved amount would land and how much room the wallet has left under its cap. */
export interface WalletLanding {
  /** The money would be credited to the wallet (item credits; fee refunds chosen to the wallet). */
  landsInWallet: boolean;
  /** It can go back to a live card instead (a fee refund of a card payment). */
  canGoToCard: boolean;
  /** MAX_WALLET_BALANCE_CENTS minus the balance, read under the wallet lock. */
  roomCents: number;
}

export type WalletFit =
  | { pay: 'as_decided'; decision: ApprovedDecision }
  /** The wallet is too full: a fee refund goes back to the card it came from instead. */
  | { pay: 'to_card'; decision: ApprovedDecision }
  /** Credit what fits (possibly nothing); a specialist arranges the rest. */
  | {
      pay: 'up_to_cap';
      amountCents: number;
      decision: { status: 'needs_review'; explanation: string };
    };

/**
 * The balance cap applies to every credit. An approval that does not fit goes back to
 * the card when it can (the customer's own money, returned where it came from); otherwise the
 * wallet is credited up to the cap and the rest waits for a specialist, who can pay it another way.
 */
export function fitToWallet(decision: ApprovedDecision, landing: WalletLanding): WalletFit {
  if (!landing.landsInWallet || decision.amountCents <= landing.roomCents) {
    return { pay: 'as_decided', decision };
  }
  if (landing.canGoToCard) return { pay: 'to_card', decision };
  const amountCents = Math.max(0, landing.roomCents);
  const rest = decision.amountCents - amountCents;
  return {
    pay: 'up_to_cap',
    amountCents,
    decision: {
      status: 'needs_review',
      explanation: REFUND_REVIEW_REASONS.walletFull(
        amountCents > 0 ? formatCents(amountCents) : null,
        formatCents(rest),
        formatCents(MAX_WALLET_BALANCE_CENTS),
      ),
    },
  };
}

function decideLate(facts: RefundFacts): RefundDecision {
  const end = facts.order.windowEndsAt;
  if (!end) return { status: 'rejected', explanation: REFUND_MESSAGES.noWindow };
  const at = deliveredAt(facts);
  if (at && at.getTime() <= end.getTime()) {
    return {
      status: 'rejected',
      explanation: `Your order arrived at ${formatTexasTime(at)}, inside its delivery window (which ended at ${formatTexasTime(end)}), so it was not late.`,
    };
  }
  if (!at && isHandedOver(facts)) {
    return {
      status: 'needs_review',
      explanation:
        'We could not find when this order was handed over; a specialist will check it and reply by email.',
    };
  }
  if ((facts.delivery?.attempt ?? 1) > 1) {
    return {
      status: 'rejected',
      explanation:
        'The delay came from a missed hand-over at your door (the courier waited 5 minutes and the second attempt was free), so it was not caused by us.',
    };
  }
  if (facts.order.feeCents <= 0) {
    return {
      status: 'rejected',
      explanation: 'No delivery fee was charged for this order, so there is nothing to refund.',
    };
  }
  const amountCents = Math.min(facts.order.feeCents, facts.paymentLeftCents);
  if (amountCents <= 0) {
    return {
      status: 'rejected',
      explanation: 'The delivery fee of this order has already been refunded.',
    };
  }
  const when = at
    ? `arrived at ${formatTexasTime(at)}, after its window ended at ${formatTexasTime(end)}`
    : `missed its window, which ended at ${formatTexasTime(end)}`;
  return {
    status: 'approved',
    amountCents,
    source: 'payment',
    explanation: `Your order ${when}. A late delivery caused by us is refunded 100% of the delivery fee: ${formatCents(amountCents)}.`,
  };
}
