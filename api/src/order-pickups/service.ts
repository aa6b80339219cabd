import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  type createOrderPickupRequestSchema,
  isCancellable,
  ORDER_MESSAGES,
  ORDER_PICKUP_STATUS_LABELS,
  type OrderPickup,
  type OrderPickupListItem,
  type OrderPickupStatus,
} from 'shared-contracts/order-pickups';
import { formatCents } from 'shared-contracts/payments';
import { DELIVERY_TYPE_LABELS } from 'shared-contracts/quotes';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { payments } from '../payments/schema.ts';
import { charge, describeCard, refundPayment, toPaymentSummary } from '../payments/service.ts';
import { prepareQuote } from '../quotes/service.ts';
import { retailers } from '../retailers/schema.ts';
import { stores } from '../stores/schema.ts';
import {
  checkoutSessions,
  type OrderPickupRow,
  orderPickupStatusChanges,
  orderPickups,
} from './schema.ts';
import { announceStatus, changeOrderPickupStatus, type OrderPickupEvents } from './status.ts';

export type CreateOrderPickupInput = z.output<typeof createOrderPickupRequestSchema>;

export interface OrderPickupDeps {
  provider: PaymentProvider;
  events: OrderPickupEvents;
}

const listColumns = {
  order: orderPickups,
  storeName: stores.name,
  retailerName: retailers.name,
};

function toListItem(row: {
  order: OrderPickupRow;
  storeName: string;
  retailerName: string;
}): OrderPickupListItem {
  const { order } = row;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    storeName: row.storeName,
    status: order.status,
    storeId: order.storeId,
    retailerName: row.retailerName,
    deliveryType: order.deliveryType,
    retailerOrderNumber: order.retailerOrderNumber,
    totalCents: order.totalCents,
    windowStartsAt: order.windowStartsAt?.toISOString() ?? null,
    windowEndsAt: order.windowEndsAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** The caller's order pickups, newest first, optionally only some statuses. */
export async function listOrderPickups(
  db: Db,
  userId: string,
  statuses?: readonly OrderPickupStatus[],
): Promise<OrderPickupListItem[]> {
  const rows = await db
    .select(listColumns)
    .from(orderPickups)
    .innerJoin(stores, eq(stores.id, orderPickups.storeId))
    .innerJoin(retailers, eq(retailers.id, stores.retailerId))
    .where(
      and(
        eq(orderPickups.userId, userId),
        // Test-mode orders are simulated and never part of the customer's live data.
        eq(orderPickups.livemode, true),
        statuses && statuses.length > 0 ? inArray(orderPickups.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(desc(orderPickups.createdAt), desc(orderPickups.orderNumber));
  return rows.map(toListItem);
}

/** One of the caller's order pickups by its CR- number (the curbside arrival form uses this). */
export async function findOrderPickupByNumber(
  db: Db,
  userId: string,
  orderNumber: string,
): Promise<OrderPickupListItem | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(orderPickups)
    .innerJoin(stores, eq(stores.id, orderPickups.storeId))
    .innerJoin(retailers, eq(retailers.id, stores.retailerId))
    .where(
      and(
        eq(orderPickups.userId, userId),
        eq(orderPickups.orderNumber, orderNumber),
        eq(orderPickups.livemode, true),
      ),
    );
  return row ? toListItem(row) : undefined;
}

/** The detail of one of the caller's order pickups; anyone else's id is 404. */
export async function getOrderPickup(
  db: Db,
  events: OrderPickupEvents,
  userId: string,
  id: string,
): Promise<OrderPickup> {
  const [row] = await db
    .select({
      order: orderPickups,
      store: stores,
      retailerName: retailers.name,
      payment: payments,
      checkoutSessionId: checkoutSessions.id,
    })
    .from(orderPickups)
    .innerJoin(stores, eq(stores.id, orderPickups.storeId))
    .innerJoin(retailers, eq(retailers.id, stores.retailerId))
    .leftJoin(payments, eq(payments.id, orderPickups.paymentId))
    .leftJoin(checkoutSessions, eq(checkoutSessions.orderPickupId, orderPickups.id))
    .where(and(eq(orderPickups.id, id), eq(orderPickups.userId, userId)));
  if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const history = await db
    .select()
    .from(orderPickupStatusChanges)
    .where(eq(orderPickupStatusChanges.orderPickupId, id))
    .orderBy(asc(orderPickupStatusChanges.id));
  const { order, store } = row;
  return {
    ...toListItem({ order, storeName: store.name, retailerName: row.retailerName }),
    store: {
      id: store.id,
      name: store.name,
      addressLine: store.addressLine,
      city: store.city,
      state: store.state,
      zip: store.zip,
      location: { lat: store.lat, lng: store.lng },
    },
    retailerId: store.retailerId,
    customerName: order.customerName,
    bags: order.bags,
    weightClass: order.weightClass,
    notes: order.notes,
    deliveryAddress: order.deliveryAddress,
    window: order.window,
    zone: order.zone,
    distanceMiles: order.distanceMiles,
    feeLines: order.feeLines,
    feeCents: order.feeCents,
    discountCents: order.discountCents,
    tipCents: order.tipCents,
    payment: row.payment ? toPaymentSummary(row.payment) : null,
    checkoutSessionId: row.checkoutSessionId,
    cancellable: isCancellable(order.status) && !(await events.cancellationRefusal(db, order)),
    statusHistory: history.map((change) => ({
      status: change.toStatus,
      at: change.createdAt.toISOString(),
      note: change.note,
    })),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export interface CreateOptions {
  userId: string;
  input: CreateOrderPickupInput;
  now: Date;
  /** `scope:key` of the request's Idempotency-Key, so the card is never charged twice for it. */
  idempotencyKey?: string;
  source?: 'schedule' | 'checkout';
  /** A fixed order number instead of the next from the sequence (the demo data's CR-1002xx). */
  orderNumber?: string;
  /** Runs in the order's transaction once it exists (checkout marks its session complete). */
  onCreated?: (tx: Db, order: OrderPickupRow) => Promise<void>;
  /** Runs last in the order's transaction with the answer (the route stores it there). */
  onAnswer?: (tx: Db, answer: OrderPickup) => Promise<void>;
  /** False for a test-mode checkout's simulated order (checkout-sessions/test-mode.ts). */
  livemode?: boolean;
}

/**
 * Creates a paid order pickup. The fee is priced here by the same function as `POST /api/quotes`
 * (nothing the client says about money is trusted); `expectedTotalCents`, when sent, must match
 * the server's total or the answer is 409 and nothing is charged. The payment, the order, its
 * status history and the `confirmed` announcement are one transaction (a card charge is refunded
 * if that transaction fails).
 */
export async function createOrderPickup(
  db: Db,
  deps: OrderPickupDeps,
  options: CreateOptions,
): Promise<OrderPickup> {
  const { input, userId, now } = options;
  const prepared = await prepareQuote(db, {
    userId,
    storeId: input.storeId,
    deliveryType: input.deliveryType,
    addressId: input.addressId,
    address: input.address,
    window: input.window,
    bags: input.bags,
    weightClass: input.weightClass,
    now,
  });
  const { quote, store } = prepared;
  const totalCents = quote.feeCents + input.tipCents;
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totalCents) {
    throw new ConflictError(ORDER_MESSAGES.priceChanged(formatCents(totalCents)));
  }

  const insertOrder = async (tx: Db, paymentId: string | null, paidWith: string) => {
    const [order] = await tx
      .insert(orderPickups)
      .values({
        orderNumber: options.orderNumber,
        userId,
        storeId: store.id,
        status: 'confirmed',
        source: options.source ?? 'schedule',
        livemode: options.livemode ?? true,
        deliveryType: input.deliveryType,
        retailerOrderNumber: input.retailerOrderNumber,
        customerName: input.customerName,
        bags: input.bags,
        weightClass: input.weightClass,
        notes: input.notes?.trim() ? input.notes.trim() : null,
        deliveryAddress: prepared.deliveryAddress,
        addressId: prepared.addressId,
        window: quote.window,
        windowStartsAt: prepared.windowStartsAt,
        windowEndsAt: prepared.windowEndsAt,
        zone: quote.zone,
        distanceMiles: quote.distanceMiles,
        feeLines: quote.lines,
        feeCents: quote.feeCents,
        discountCents: quote.discountCents,
        tipCents: input.tipCents,
        totalCents,
        paymentId,
      })
      .returning();
    if (!order) throw new Error('Inserting the order pickup returned no row');
    await options.onCreated?.(tx, order);
    await announceStatus(tx, deps.events, {
      orderPickup: order,
      from: null,
      to: 'confirmed',
      note: paidWith,
    });
    if (options.onAnswer) {
      answer = await getOrderPickup(tx, deps.events, userId, order.id);
      await options.onAnswer(tx, answer);
    }
    return order;
  };
  let answer: OrderPickup | undefined;

  let order: OrderPickupRow;
  if (totalCents === 0) {
    // A subscriber's free curbside pickup without a tip: nothing to charge.
    order = await db.transaction((tx) => insertOrder(tx, null, 'Nothing to pay'));
  } else {
    const description = `${DELIVERY_TYPE_LABELS[input.deliveryType]} from ${store.name}`;
    const { result } = await charge(
      db,
      deps.provider,
      {
        userId,
        kind: 'order',
        amountCents: totalCents,
        source: input.payment,
        description,
        walletSplit: [
          { kind: 'payment', amountCents: quote.feeCents, description },
          { kind: 'tip', amountCents: input.tipCents, description: `Tip: ${description}` },
        ].filter((part) => part.amountCents > 0) as Array<{
          kind: 'payment' | 'tip';
          amountCents: number;
          description: string;
        }>,
        idempotencyKey: options.idempotencyKey,
        livemode: options.livemode ?? true,
      },
      (tx, payment) =>
        insertOrder(
          tx,
          payment.id,
          payment.method === 'wallet'
            ? `Paid ${formatCents(totalCents)} from the wallet`
            : `Paid ${formatCents(totalCents)} with ${describeCard(payment.cardBrand ?? 'unknown', payment.cardLast4 ?? '0000')}`,
        ),
    );
    order = result;
  }
  return answer ?? getOrderPickup(db, deps.events, userId, order.id);
}

/**
 * Cancels one of the caller's orders while it is still free to (until the courier or robot leaves
 * the store) and refunds everything paid to where it came from. A curbside pickup in progress is
 * cancelled with it while its robot is still at the store; once the robot has left, 409.
 */
export async function cancelOrderPickup(
  db: Db,
  deps: OrderPickupDeps,
  input: { userId: string; orderPickupId: string },
): Promise<OrderPickup> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orderPickups)
      .where(and(eq(orderPickups.id, input.orderPickupId), eq(orderPickups.userId, input.userId)))
      .for('update');
    if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
    if (!isCancellable(order.status)) {
      throw new ConflictError(
        ORDER_MESSAGES.notCancellable(ORDER_PICKUP_STATUS_LABELS[order.status].toLowerCase()),
      );
    }
    // Before any refund: a refusal here must leave the payment untouched.
    await deps.events.beforeCancel(tx, order);
    let note = 'Cancelled by the customer';
    if (order.paymentId) {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, order.paymentId));
      if (payment && payment.refundedCents < payment.amountCents) {
        const refund = await refundPayment(tx, deps.provider, {
          paymentId: payment.id,
          destination: 'original_method',
          reason: `Order ${order.orderNumber} cancelled`,
        });
        note = `Cancelled by the customer; ${formatCents(refund.amountCents)} refunded to the ${refund.destination === 'wallet' ? 'wallet' : 'card'}`;
      }
    }
    await changeOrderPickupStatus(tx, deps.events, {
      orderPickupId: order.id,
      to: 'cancelled',
      note,
    });
  });
  return getOrderPickup(db, deps.events, input.userId, input.orderPickupId);
}
