import type { DeliveryStatus } from 'shared-contracts/deliveries';
import type { OrderPickupStatus } from 'shared-contracts/order-pickups';
import { formatCents } from 'shared-contracts/payments';
import {
  AUTO_APPROVE_ITEM_LIMIT_CENTS,
  ITEM_CLAIM_DAYS,
  REFUND_MESSAGES,
  type RefundReason,
} from 'shared-contracts/refunds';

/**
 * The refund policy of SPEC section 9, as pure functions (issue 7):
 * - a late delivery caused by us: 100% of the delivery fee (not the tip: that went to the courier);
 * - damaged or missing items: up to 100% of the item's value, credited to the wallet (the item was
 *   paid to the retailer, so there is no charge of ours to reverse); claims above
 *   AUTO_APPROVE_ITEM_LIMIT_CENTS go to a specialist;
 * - anything else: a specialist decides.
 *
 * `checkEligibility` runs when the request is sent (a refusal stores nothing, so the person can ask
 * again once it applies); `decideRefund` runs at the review.
 */

export interface RefundFacts {
  reason: RefundReason;
  order: {
    status: OrderPickupStatus;
    feeCents: number;
    windowEndsAt: Date | null;
  };
  delivery: {
    status: DeliveryStatus;
    deliveredAt: Date | null;
    /** More than one attempt: the first hand-over was missed by the customer. */
    attempt: number;
  } | null;
  /** What is left of the order's payment to refund (0 without a payment). */
  paymentLeftCents: number;
  itemValueCents: number | null;
  now: Date;
}

export type Eligibility = { ok: true } | { ok: false; message: string };

export type RefundDecision =
  | {
      status: 'approved';
      amountCents: number;
      source: 'payment' | 'wallet_credit';
      explanation: string;
    }
  | { status: 'rejected'; explanation: string }
  | { status: 'needs_review'; explanation: string };

const DAY_MS = 24 * 60 * 60 * 1000;

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
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
    case 'missing_item': {
      const value = facts.itemValueCents ?? 0;
      const what = facts.reason === 'damaged_item' ? 'damaged item' : 'missing item';
      if (value <= 0) {
        return {
          status: 'rejected',
          explanation: 'No item value was given, so there is nothing to cover.',
        };
      }
      if (value > AUTO_APPROVE_ITEM_LIMIT_CENTS) {
        return {
          status: 'needs_review',
          explanation: `Claims above ${formatCents(AUTO_APPROVE_ITEM_LIMIT_CENTS)} are checked by a specialist, who will reply by email within 2 business days.`,
        };
      }
      return {
        status: 'approved',
        amountCents: value,
        source: 'wallet_credit',
        explanation: `We cover a ${what} up to 100% of its value: ${formatCents(value)} has been credited to your CurbRun wallet.`,
      };
    }
    case 'other':
      return {
        status: 'needs_review',
        explanation:
          'A support specialist will review your request and reply by email within 2 business days.',
      };
  }
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
