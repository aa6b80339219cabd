import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type createRefundRequestSchema,
  REFUND_MESSAGES,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  type RefundRequestRecord,
} from 'shared-contracts/refunds';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { deliveries } from '../deliveries/schema.ts';
import { ConflictError, HttpError, NotFoundError } from '../http/errors.ts';
import { notifyUser } from '../notifications/preferences.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { payments, type RefundDestination, refunds } from '../payments/schema.ts';
import { refundPayment } from '../payments/service.ts';
import type { ScheduledTimer, ScheduleTimerInput } from '../simulator/timers.ts';
import { creditWallet } from '../wallet/service.ts';
import { attachPhotos, toRefundPhoto } from './photos.ts';
import { checkEligibility, decideRefund, type RefundFacts } from './policy.ts';
import { type RefundRequestRow, refundPhotos, refundRequests } from './schema.ts';

/**
 * Refund requests (issue 7): sent by the customer, reviewed shortly after by the automatic policy
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

/** What the policy needs to know about an order, read inside the caller's transaction. */
async function factsFor(
  tx: Db,
  order: typeof orderPickups.$inferSelect,
  request: Pick<RefundRequestRow, 'reason' | 'itemValueCents'>,
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
    delivery: delivery ?? null,
    paymentLeftCents,
    itemValueCents: request.itemValueCents,
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
      await factsFor(tx, order, { reason: input.reason, itemValueCents }),
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
 * transaction. Runs at least once, so it only acts on a request that is still `submitted`.
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
    // Order first (as every order writer), then the request.
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

    const decision = decideRefund(await factsFor(tx, order, request));
    const changes: Partial<typeof refundRequests.$inferInsert> = {
      status: decision.status,
      decision: decision.explanation,
      decidedAt: new Date(),
    };
    const reasonText = `${REFUND_REASON_LABELS[request.reason]} on order ${order.orderNumber}`;
    if (decision.status === 'approved') {
      changes.approvedCents = decision.amountCents;
      if (decision.source === 'payment' && order.paymentId) {
        const refund = await refundPayment(tx, deps.provider, {
          paymentId: order.paymentId,
          amountCents: decision.amountCents,
          destination: request.destination,
          reason: reasonText,
        });
        changes.paymentRefundId = refund.id;
        changes.decision =
          refund.destination === 'wallet'
            ? `${decision.explanation} It has been credited to your CurbRun wallet.`
            : `${decision.explanation} It is on its way back to your card (5–10 business days).`;
      } else {
        const entry = await creditWallet(tx, {
          userId: request.userId,
          amountCents: decision.amountCents,
          kind: 'refund',
          description: `Refund: ${reasonText.charAt(0).toLowerCase()}${reasonText.slice(1)}`,
        });
        changes.walletEntryId = entry.id;
      }
    }
    await tx
      .update(refundRequests)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(refundRequests.id, request.id));
    await notifyUser(tx, {
      userId: request.userId,
      event: 'refund_updates',
      subject: `Your refund request for order ${order.orderNumber}: ${REFUND_STATUS_LABELS[decision.status].toLowerCase()}`,
      text: changes.decision ?? decision.explanation,
    });
  });
}
