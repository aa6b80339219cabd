import { z } from 'zod';
import { formatCents } from './payments.ts';
import { safeText } from './text.ts';
import { MAX_WALLET_BALANCE_CENTS } from './wallet.ts';

/**
 * Refund requests: a late delivery caused by us is refunded
 * 100% of the delivery fee; damaged (or missing) items are covered up to 100% of their value.
 */

export const REFUND_REASONS = ['late', 'damaged_item', 'missing_item', 'other'] as const;
export const refundReasonSchema = z.enum(REFUND_REASONS, { error: 'Choose a reason' });
export type RefundReason = z.infer<typeof refundReasonSchema>;

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  late: 'Late delivery',
  damaged_item: 'Damaged item',
  missing_item: 'Missing item',
  other: 'Something else',
};

/** Where approved money goes. Item compensation always goes to the wallet (see the policy). */
export const REFUND_DESTINATIONS = ['wallet', 'original_method'] as const;
export const refundDestinationSchema = z.enum(REFUND_DESTINATIONS, {
  error: 'Choose where the refund goes',
});
export type RefundDestinationChoice = z.infer<typeof refundDestinationSchema>;

export const REFUND_DESTINATION_LABELS: Record<RefundDestinationChoice, string> = {
  wallet: 'CurbRun wallet (instant)',
  original_method: 'Original payment method (card refunds take 5–10 business days)',
};

/**
 * - `submitted`: received, the automatic review runs shortly;
 * - `approved`: money credited (`creditedTo`, `approvedCents`);
 * - `rejected`: with the reason in `decision`;
 * - `needs_review` ("In review"): a support specialist decides, because the platform cannot check
 *   the claim itself (see `REFUND_REVIEW_REASONS`); part of it may already be credited
 *   (`approvedCents`) when the wallet's balance cap stopped the rest.
 */
export const REFUND_STATUSES = ['submitted', 'approved', 'rejected', 'needs_review'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Not approved',
  needs_review: 'In review',
};

// ---------------------------------------------------------------------------------------------
// Limits and policy constants.

export const REFUND_DESCRIPTION_MIN = 10;
export const REFUND_DESCRIPTION_MAX = 1000;
/** The most one item claim can be for; the policy covers up to 100% of the item's value. */
export const MAX_ITEM_VALUE_CENTS = 200_000;
/** Item claims up to this are approved automatically; larger ones go to a specialist. */
export const AUTO_APPROVE_ITEM_LIMIT_CENTS = 25_000;
/**
 * The most item compensation one customer is credited automatically within
 * `AUTO_CREDIT_WINDOW_DAYS`: item claims are the only refunds that add money the
 * customer never paid us, so beyond this a specialist looks first. Refunds of the delivery fee
 * give back what was charged and do not count.
 */
export const AUTO_ITEM_CREDIT_LIMIT_CENTS = 30_000;
export const AUTO_CREDIT_WINDOW_DAYS = 30;
/** Damaged or missing items are reported within this many days of the delivery. */
export const ITEM_CLAIM_DAYS = 7;
export const MAX_REFUND_PHOTOS = 3;
export const MAX_REFUND_PHOTO_BYTES = 5 * 1024 * 1024;
export const REFUND_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type RefundPhotoType = (typeof REFUND_PHOTO_TYPES)[number];

export const REFUND_MESSAGES = {
  orderRequired: 'Choose an order',
  reasonRequired: 'Choose a reason',
  descriptionMin: `Describe what happened in at least ${REFUND_DESCRIPTION_MIN} characters`,
  descriptionMax: `Description must be at most ${REFUND_DESCRIPTION_MAX} characters`,
  itemValueRequired: 'Enter the value of the item',
  itemValueRange: `Item value must be between $0.01 and ${formatCents(MAX_ITEM_VALUE_CENTS)}`,
  photoType: 'Photos must be JPEG, PNG or WebP images',
  photoSize: `Each photo must be at most ${MAX_REFUND_PHOTO_BYTES / (1024 * 1024)} MB`,
  photoCount: `Attach at most ${MAX_REFUND_PHOTOS} photos`,
  photoNotFound: 'A photo was not found; upload it again',
  photoEmpty: 'The photo is empty',
  notFound: 'Refund request not found',
  orderNotFound: 'Order pickup not found',
  duplicate: (orderNumber: string, reason: string, status: string) =>
    `You already asked for a refund on order ${orderNumber} for "${reason}" (status: ${status}). We review each reason once per order.`,
  cancelledOrder:
    'This order was cancelled and refunded in full, so there is nothing left to refund.',
  notLateYet: (windowEnd: string) =>
    `This order is not late: its delivery window ends at ${windowEnd}. If it has not arrived by then, you can ask for the delivery fee back.`,
  noWindow: 'This order has no delivery window, so it cannot be late.',
  notDeliveredYet:
    'You can report damaged or missing items once the order has been delivered or picked up.',
  claimWindowOver: `Damaged or missing items must be reported within ${ITEM_CLAIM_DAYS} days of the delivery.`,
  testModeItems:
    'This order was placed in test mode: nothing real was delivered or paid for, so there are no items to cover.',
} as const;

const SPECIALIST_REPLY = 'A specialist will review it and reply by email within 2 business days.';

/**
 * Why a claim went to review: automatic approval covers only what the platform can
 * check itself, the delivery fee and tip it charged, late deliveries by its own timestamps, and
 * item values the retailer sent with the order. The refund page explains the same rules.
 */
export const REFUND_REVIEW_REASONS = {
  itemsUnknown: `The retailer did not send us the items of this order, so we cannot check the value you gave. ${SPECIALIST_REPLY}`,
  aboveKnownItems: (claimed: string, known: string) =>
    `You gave an item value of ${claimed}, more than the ${known} the retailer told us this order's items are worth. ${SPECIALIST_REPLY}`,
  ownRetailer: `This order came from a retailer account you own, so its item prices cannot back an automatic credit. ${SPECIALIST_REPLY}`,
  unvettedRetailer: `This order's item prices came from a retailer we have not vetted yet, so they cannot back an automatic credit. ${SPECIALIST_REPLY}`,
  secondItemClaim: `We already covered an item claim on this order; another one on the same order is checked by a specialist, who will reply by email within 2 business days.`,
  aboveClaimLimit: `Claims above ${formatCents(AUTO_APPROVE_ITEM_LIMIT_CENTS)} are checked by a specialist, who will reply by email within 2 business days.`,
  aboveWindowLimit: `We credit up to ${formatCents(AUTO_ITEM_CREDIT_LIMIT_CENTS)} of item claims automatically every ${AUTO_CREDIT_WINDOW_DAYS} days, and this claim would go over it. ${SPECIALIST_REPLY}`,
  other: 'A support specialist will review your request and reply by email within 2 business days.',
  /** The wallet's balance cap stopped all or part of an approved credit. */
  walletFull: (credited: string | null, rest: string, cap: string) =>
    credited
      ? `Your CurbRun wallet can hold at most ${cap}, so ${credited} has been credited to it and a specialist will arrange the remaining ${rest} with you by email within 2 business days.`
      : `Your CurbRun wallet can hold at most ${cap} and has no room for ${rest}, so a specialist will arrange it with you by email within 2 business days.`,
} as const;

/** How claims are decided, for the refund page ("What happens to your claim"). */
export const REFUND_RULES = {
  automatic: [
    'A late delivery, checked against our own delivery times: 100% of the delivery fee, to your card or wallet.',
    `A damaged or missing item on an order whose items the retailer sent us: up to their value, credited to your wallet at once (up to ${formatCents(AUTO_APPROVE_ITEM_LIMIT_CENTS)} a claim and ${formatCents(AUTO_ITEM_CREDIT_LIMIT_CENTS)} every ${AUTO_CREDIT_WINDOW_DAYS} days).`,
  ],
  review: [
    "An item value we cannot check: the retailer did not send us the order's items, or you gave more than they are worth.",
    'A second item claim on an order we already covered.',
    `Item claims above ${formatCents(AUTO_APPROVE_ITEM_LIMIT_CENTS)}, or over ${formatCents(AUTO_ITEM_CREDIT_LIMIT_CENTS)} in ${AUTO_CREDIT_WINDOW_DAYS} days.`,
    `A credit that would take your wallet above ${formatCents(MAX_WALLET_BALANCE_CENTS)}: what fits is credited (a delivery fee goes back to your card instead), the rest is arranged by a specialist.`,
    'Anything else you tell us about.',
  ],
  reviewTime:
    'A claim in review is read by a support specialist, who replies by email within 2 business days.',
} as const;

// ---------------------------------------------------------------------------------------------
// Requests.

export const itemValueCentsSchema = z
  .number({ error: REFUND_MESSAGES.itemValueRequired })
  .int(REFUND_MESSAGES.itemValueRange)
  .min(1, REFUND_MESSAGES.itemValueRange)
  .max(MAX_ITEM_VALUE_CENTS, REFUND_MESSAGES.itemValueRange);

export function needsItemValue(reason: RefundReason | undefined): boolean {
  return reason === 'damaged_item' || reason === 'missing_item';
}

/** `POST /api/refund-requests` (accepts Idempotency-Key). */
export const createRefundRequestSchema = z
  .object({
    orderPickupId: z.uuid(REFUND_MESSAGES.orderRequired),
    reason: refundReasonSchema,
    description: safeText('Description', { multiline: true })
      .min(REFUND_DESCRIPTION_MIN, REFUND_MESSAGES.descriptionMin)
      .max(REFUND_DESCRIPTION_MAX, REFUND_MESSAGES.descriptionMax),
    itemValueCents: itemValueCentsSchema.optional(),
    destination: refundDestinationSchema.default('wallet'),
    photoIds: z
      .array(z.uuid(REFUND_MESSAGES.photoNotFound))
      .max(MAX_REFUND_PHOTOS, REFUND_MESSAGES.photoCount)
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (needsItemValue(value.reason) && value.itemValueCents === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['itemValueCents'],
        message: REFUND_MESSAGES.itemValueRequired,
      });
    }
  })
  .meta({ id: 'CreateRefundRequest' });
export type CreateRefundRequest = z.input<typeof createRefundRequestSchema>;

/** Checks a photo before it is sent (the server checks the bytes again). */
export function refundPhotoProblem(file: { type: string; size: number }): string | null {
  if (!(REFUND_PHOTO_TYPES as readonly string[]).includes(file.type))
    return REFUND_MESSAGES.photoType;
  if (file.size <= 0) return REFUND_MESSAGES.photoEmpty;
  if (file.size > MAX_REFUND_PHOTO_BYTES) return REFUND_MESSAGES.photoSize;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Answers.

const isoDate = z.iso.datetime({ offset: true });

export const refundPhotoSchema = z
  .object({
    id: z.uuid(),
    contentType: z.enum(REFUND_PHOTO_TYPES),
    sizeBytes: z.number().int(),
    /** Owner-only (bearer token). */
    url: z.string(),
  })
  .meta({ id: 'RefundPhoto' });
export type RefundPhoto = z.infer<typeof refundPhotoSchema>;

export const refundRequestSchema = z
  .object({
    id: z.uuid(),
    orderPickupId: z.uuid(),
    orderNumber: z.string(),
    reason: refundReasonSchema,
    description: z.string(),
    itemValueCents: z.number().int().nullable(),
    destination: refundDestinationSchema,
    status: refundStatusSchema,
    /** Why it was approved, rejected or sent to a specialist. */
    decision: z.string().nullable(),
    approvedCents: z.number().int().nullable(),
    creditedTo: z.enum(['wallet', 'card']).nullable(),
    photos: z.array(refundPhotoSchema),
    createdAt: isoDate,
    decidedAt: isoDate.nullable(),
  })
  .meta({ id: 'RefundRequest' });
export type RefundRequestRecord = z.infer<typeof refundRequestSchema>;

export const refundRequestListSchema = z.array(refundRequestSchema);

export const refundRequestParamsSchema = z.object({ id: z.uuid(REFUND_MESSAGES.notFound) });
export const refundPhotoParamsSchema = z.object({ id: z.uuid(REFUND_MESSAGES.photoNotFound) });
