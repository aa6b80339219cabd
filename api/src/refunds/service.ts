import { and, asc, count, desc, eq, gt, gte, inArray, ne, sql } from 'drizzle-orm';
import {
  AUTO_CREDIT_WINDOW_DAYS,
  type createRefundRequestSchema,
  REFUND_MESSAGES,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  type RefundRequestRecord,
} from 'shared-contracts/refunds';
import { z } from 'zod';
import { apiKeys } from '../api-keys/schema.ts';
import type { Db } from '../db/database.ts';
import { deliveries } from '../deliveries/schema.ts';
import { ConflictError, HttpError, NotFoundError } from '../http/errors.ts';
import { notifyUser } from '../notifications/preferences.ts';
import {
  type CheckoutSessionSource,
  checkoutSessions,
  orderPickups,
} from '../order-pickups/schema.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { payments, type RefundDestination, refunds } from '../payments/schema.ts';
import { refundPayment } from '../payments/service.ts';
import { creditWallet, lockWallet, walletRoomCents } from '../payments/wallet-ledger.ts';
import { retailerVetting } from '../retailer-accounts/vetting.ts';
import { retailerCheckouts } from '../retailer-api/schema.ts';
import { retailerAccounts } from '../retailers/schema.ts';
import type { ScheduledTimer, ScheduleTimerInput } from '../simulator/timers.ts';
import { attachPhotos, toRefundPhoto } from './photos.ts';
import {
  type ApprovedDecision,
  checkEligibility,
  decideRefund,
  fitToWallet,
  type ItemFacts,
  type RefundFacts,
} from './policy.ts';
import { type RefundRequestRow, refundPhotos, refundRequests } from './schema.ts';

/**
 * Refund requests: sent by the customer, reviewed shortly after by the automatic policy
 * (policy.ts) on a durable timer, and paid through the money domains: the delivery fee back to the
 * card or the wallet (`refundPayment`), item compensation to the wallet (`creditWallet`).
 */

export const REFUND_REVIEW_TIMER = 'refunds.review';
export const refundReviewPayloadSchema = z.object({ refundRequestId: z.uuid() });
/** Simulated time before the automatic review decides (× SIM_TIME_SCALE). */
export const REVIEW_DELAY_MS = 60_000;

export interface RefundDeps {
  provider: PaymentProvider;
  schedule(db: Db, input: ScheduleTimerInput): Promise<ScheduledTimer>;
}

export type CreateRefundInput = z.output<typeof createRefundRequestSchema>;

interface RequestRow {
  request: RefundRequestRow;
  orderNumber: string;
  refundDestination: RefundDestination | null;
}

async function toRecords(db: Db, rows: RequestRow[]) {
  const ids = rows.map((row) => row.request.id);
  const photos =
    ids.length === 0
      ? []
      : await db
          .select({
            id: refundPhotos.id,
            contentType: refundPhotos.contentType,
            sizeBytes: refundPhotos.sizeBytes,
            refundRequestId: refundPhotos.refundRequestId,
          })
          .from(refundPhotos)
          .where(inArray(refundPhotos.refundRequestId, ids))
          .orderBy(asc(refundPhotos.createdAt));
  return rows.map(
    ({ request, orderNumber, refundDestination }): RefundRequestRecord => ({
      id: request.id,
      orderPickupId: request.orderPickupId,
      orderNumber,
      reason: request.reason,
      description: request.description,
      itemValueCents: request.itemValueCents,
      destination: request.destination,
      status: request.status,
      decision: request.decision,
      approvedCents: request.approvedCents,
      creditedTo: request.walletEntryId
        ? 'wallet'
        : refundDestination
          ? refundDestination === 'wallet'
            ? 'wallet'
            : 'card'
          : null,
      photos: photos.filter((photo) => photo.refundRequestId === request.id).map(toRefundPhoto),
      createdAt: request.createdAt.toISOString(),
      decidedAt: request.decidedAt?.toISOString() ?? null,
    }),
  );
}

const listColumns = {
  request: refundRequests,
  orderNumber: orderPickups.orderNumber,
  refundDestination: refunds.destination,
};

export async function listRefundRequests(db: Db, userId: string): Promise<RefundRequestRecord[]> {
  const rows = await db
    .select(listColumns)
    .from(refundRequests)
    .innerJoin(orderPickups, eq(orderPickups.id, refundRequests.orderPickupId))
    .leftJoin(refunds, eq(refunds.id, refundRequests.paymentRefundId))
    .where(eq(refundRequests.userId, userId))
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id));
  return toRecords(db, rows);
}

export async function getRefundRequest(
  db: Db,
  userId: string,
  id: string,
): Promise<RefundRequestRecord> {
  const rows = await db
    .select(listColumns)
    .from(refundRequests)
    .innerJoin(orderPickups, eq(orderPickups.id, refundRequests.orderPickupId))
    .leftJoin(refunds, eq(refunds.id, refundRequests.paymentRefundId))
    .where(and(eq(refundRequests.id, id), eq(refundRequests.userId, userId)));
  const [record] = await toRecords(db, rows);
  if (!record) throw new NotFoundError(REFUND_MESSAGES.notFound);
  return record;
}

const ITEM_REASONS = ['damaged_item', 'missing_item'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the retailer told us about the order's items: the checkout session that created
 * the order carries them (read only; the checkout domain owns it). Orders scheduled by the customer
 * have none, so a declared item value there cannot be checked.
 */
async function itemFactsFor(
  tx: Db,
  order: typeof orderPickups.$inferSelect,
  request: { id: string | null; userId: string },
): Promise<ItemFacts> {
  const [session] = await tx
    .select({
      id: checkoutSessions.id,
      items: checkoutSessions.items,
      retailerId: checkoutSessions.retailerId,
      source: checkoutSessions.source,
    })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.orderPickupId, order.id));
  const total = (session?.items ?? []).reduce(
    (sum, item) => sum + item.unitPriceCents * item.quantity,
    0,
  );
  const [owned] = session
    ? await tx
        .select({ id: retailerAccounts.id })
        .from(retailerAccounts)
        .where(
          and(
            eq(retailerAccounts.retailerId, session.retailerId),
            eq(retailerAccounts.ownerUserId, request.userId),
          ),
        )
    : [];
  return {
    knownValueCents: total > 0 ? total : null,
    fromOwnRetailer: Boolean(owned),
    fromVettedSource: session ? await pricesFromVettedSource(tx, session) : false,
    ...(await earlierCredits(tx, order, request)),
  };
}

/**
 * Whether the order's item prices came from a vetted source. By the session's recorded source:
 * a retailer key counts only when it was the secret key (a publishable key's Origin is forgeable
 * by any script) of a vetted account; a partner's feed counts for a partner; the unauthenticated
 * development route, or a source nobody recorded, never does.
 */
async function pricesFromVettedSource(
  tx: Db,
  session: { id: string; retailerId: string; source: CheckoutSessionSource },
): Promise<boolean> {
  if (session.source === 'development') return false;
  const [viaKey] = await tx
    .select({ origin: retailerCheckouts.origin, kind: apiKeys.kind })
    .from(retailerCheckouts)
    .leftJoin(apiKeys, eq(apiKeys.id, retailerCheckouts.apiKeyId))
    .where(eq(retailerCheckouts.checkoutSessionId, session.id));
  if (session.source === 'retailer_api') {
    if (!viaKey || viaKey.origin !== null || viaKey.kind !== 'secret') return false;
  } else if (viaKey) {
    return false;
  }
  return (await retailerVetting(tx, session.retailerId)).vetted;
}

async function earlierCredits(
  tx: Db,
  order: typeof orderPickups.$inferSelect,
  request: { id: string | null; userId: string },
) {
  const otherClaims = and(
    inArray(refundRequests.reason, [...ITEM_REASONS]),
    gt(refundRequests.approvedCents, 0),
    request.id ? ne(refundRequests.id, request.id) : undefined,
  );
  const [onOrder] = await tx
    .select({ value: count() })
    .from(refundRequests)
    .where(and(eq(refundRequests.orderPickupId, order.id), otherClaims));
  const since = new Date(Date.now() - AUTO_CREDIT_WINDOW_DAYS * DAY_MS);
  const [recent] = await tx
    .select({
      total: sql<string | number | null>`coalesce(sum(${refundRequests.approvedCents}), 0)`,
    })
    .from(refundRequests)
    .where(
      and(
        eq(refundRequests.userId, request.userId),
        gte(refundRequests.decidedAt, since),
        otherClaims,
      ),
    );
  return {
    creditedClaimsOnOrder: onOrder?.value ?? 0,
    recentAutoCreditCents: Number(recent?.total ?? 0),
  };
}

/** What the policy needs to know about an order, read inside the caller's transaction. */
async function factsFor(
  tx: Db,
  order: typeof orderPickups.$inferSelect,
  request: Pick<RefundRequestRow, 'reason' | 'itemValueCents' | 'userId'> & { id: string | null },
): Promise<RefundFacts> {
  const [delivery] = await tx
    .select({
      status: deliveries.status,
      deliveredAt: deliveries.deliveredAt,
      attempt: deliveries.attempt,
    })
    .from(deliveries)
    .where(eq(deliveries.orderPickupId, order.id));
  let paymentLeftCents = 0;
  if (order.paymentId) {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, order.paymentId));
    if (payment) paymentLeftCents = payment.amountCents - payment.refundedCents;
  }
  return {
    reason: request.reason,
    order: { status: order.status, feeCents: order.feeCents, windowEndsAt: order.windowEndsAt },
    livemode: order.livemode,
    delivery: delivery ?? null,
    paymentLeftCents,
    itemValueCents: request.itemValueCents,
    items: await itemFactsFor(tx, order, request),
    now: new Date(),
  };
}

/** `POST /api/refund-requests`: one request per order and reason (409 for a second). */
export async function createRefundRequest(
  db: Db,
  deps: RefundDeps,
  userId: string,
  input: CreateRefundInput,
): Promise<RefundRequestRecord> {
  const id = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orderPickups)
      .where(and(eq(orderPickups.id, input.orderPickupId), eq(orderPickups.userId, userId)))
      .for('update');
    if (!order) throw new NotFoundError(REFUND_MESSAGES.orderNotFound);
    const itemValueCents =
      input.reason === 'damaged_item' || input.reason === 'missing_item'
        ? (input.itemValueCents ?? null)
        : null;
    const eligibility = checkEligibility(
      await factsFor(tx, order, { id: null, userId, reason: input.reason, itemValueCents }),
    );
    if (!eligibility.ok) throw new HttpError(422, eligibility.message);

    const [created] = await tx
      .insert(refundRequests)
      .values({
        userId,
        orderPickupId: order.id,
        reason: input.reason,
        description: input.description,
        itemValueCents,
        destination: input.destination,
      })
      .onConflictDoNothing({ target: [refundRequests.orderPickupId, refundRequests.reason] })
      .returning({ id: refundRequests.id });
    if (!created) {
      const [existing] = await tx
        .select({ status: refundRequests.status })
        .from(refundRequests)
        .where(
          and(eq(refundRequests.orderPickupId, order.id), eq(refundRequests.reason, input.reason)),
        );
      throw new ConflictError(
        REFUND_MESSAGES.duplicate(
          order.orderNumber,
          REFUND_REASON_LABELS[input.reason],
          REFUND_STATUS_LABELS[existing?.status ?? 'submitted'].toLowerCase(),
        ),
      );
    }
    await attachPhotos(tx, userId, created.id, input.photoIds);
    await deps.schedule(tx, {
      kind: REFUND_REVIEW_TIMER,
      payload: { refundRequestId: created.id },
      delayMs: REVIEW_DELAY_MS,
    });
    await notifyUser(tx, {
      userId,
      event: 'refund_updates',
      subject: `We received your refund request for order ${order.orderNumber}`,
      text: `Thanks for telling us about order ${order.orderNumber} (${REFUND_REASON_LABELS[input.reason].toLowerCase()}). We will review it shortly; follow it on the Refund Request page.`,
    });
    return created.id;
  });
  return getRefundRequest(db, userId, id);
}

/**
 * The automatic review (timer handler): decides with the policy and pays an approval in the same
 * transaction. Runs at least once, so it only acts on a request that is still `submitted`. The
 * customer's wallet lock is held from the decision to the payment, so two reviews of one customer
 * (the 30-day limit, the balance cap) are decided one after the other.
 */
export async function reviewRefundRequest(
  db: Db,
  deps: RefundDeps,
  refundRequestId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ orderPickupId: refundRequests.orderPickupId })
      .from(refundRequests)
      .where(eq(refundRequests.id, refundRequestId));
    if (!peek) return;
    // Order first (as every order writer), then the request, then the wallet.
    const [order] = await tx
      .select()
      .from(orderPickups)
      .where(eq(orderPickups.id, peek.orderPickupId))
      .for('update');
    const [request] = await tx
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.id, refundRequestId))
      .for('update');
    if (!order || !request || request.status !== 'submitted') return;
    await lockWallet(tx, request.userId);

    const decided = decideRefund(await factsFor(tx, order, request));
    const reasonText = `${REFUND_REASON_LABELS[request.reason]} on order ${order.orderNumber}`;
    const paid =
      decided.status === 'approved'
        ? await payApproval(tx, deps, order, request, decided, reasonText)
        : null;
    const status = paid?.status ?? decided.status;
    const changes: Partial<typeof refundRequests.$inferInsert> = {
      status,
      decision: paid?.explanation ?? decided.explanation,
      decidedAt: new Date(),
      approvedCents: paid && paid.amountCents > 0 ? paid.amountCents : null,
      paymentRefundId: paid?.paymentRefundId ?? null,
      walletEntryId: paid?.walletEntryId ?? null,
    };
    await tx
      .update(refundRequests)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(refundRequests.id, request.id));
    await notifyUser(tx, {
      userId: request.userId,
      event: 'refund_updates',
      subject: `Your refund request for order ${order.orderNumber}: ${REFUND_STATUS_LABELS[status].toLowerCase()}`,
      text: changes.decision ?? decided.explanation,
    });
  });
}

/**
 * Pays an approval: a fee refund through `refundPayment`, an item credit to the wallet, both under
 * the balance cap (`fitToWallet`: to the card instead, or up to the cap with the rest in review).
 */
async function payApproval(
  tx: Db,
  deps: RefundDeps,
  order: typeof orderPickups.$inferSelect,
  request: RefundRequestRow,
  approved: ApprovedDecision,
  reasonText: string,
) {
  const payment =
    approved.source === 'payment' && order.paymentId
      ? (await tx.select().from(payments).where(eq(payments.id, order.paymentId)))[0]
      : undefined;
  // refundPayment sends a live card payment to the card unless the customer chose the wallet;
  // a wallet payment (and every item credit) lands in the wallet.
  const liveCard = payment?.method === 'card' && payment.livemode;
  const landsInWallet =
    approved.source === 'wallet_credit' ||
    !(payment?.method === 'card' && (request.destination === 'original_method' || !liveCard));
  const fit = fitToWallet(approved, {
    landsInWallet,
    canGoToCard: approved.source === 'payment' && liveCard,
    roomCents: await walletRoomCents(tx, request.userId),
  });
  const amountCents = fit.pay === 'up_to_cap' ? fit.amountCents : fit.decision.amountCents;
  const result = {
    status: fit.decision.status,
    amountCents,
    explanation: fit.decision.explanation,
    paymentRefundId: null as string | null,
    walletEntryId: null as string | null,
  };
  if (amountCents <= 0) return result;
  if (approved.source === 'payment' && payment) {
    const refund = await refundPayment(tx, deps.provider, {
      paymentId: payment.id,
      amountCents,
      destination: fit.pay === 'to_card' ? 'original_method' : request.destination,
      reason: reasonText,
    });
    result.paymentRefundId = refund.id;
    if (fit.pay === 'up_to_cap') return result;
    result.explanation =
      refund.destination === 'wallet'
        ? `${approved.explanation} It has been credited to your CurbRun wallet.`
        : fit.pay === 'to_card'
          ? `${approved.explanation} Your CurbRun wallet is full, so it is on its way back to your card (5–10 business days).`
          : `${approved.explanation} It is on its way back to your card (5–10 business days).`;
    return result;
  }
  const entry = await creditWallet(tx, {
    userId: request.userId,
    amountCents,
    kind: 'refund',
    description: `Refund: ${reasonText.charAt(0).toLowerCase()}${reasonText.slice(1)}`,
  });
  result.walletEntryId = entry.id;
  return result;
}
