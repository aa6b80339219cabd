import { and, eq, sql } from 'drizzle-orm';
import { DELIVERY_MESSAGES, type Delivery } from 'shared-contracts/deliveries';
import type { Db } from '../db/database.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { cancelOrderPickup } from '../order-pickups/service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { CourierDeps } from './courier.ts';
import { withLockedDelivery } from './courier.ts';
import { syncCurbsideDelivery } from './curbside-sync.ts';
import { dispatchDelivery } from './dispatch.ts';
import { deliveries } from './schema.ts';
import {
  appendDeliveryUpdate,
  findDeliveryIdForOrder,
  getOwnDelivery,
  publishDelivery,
} from './service.ts';

/** Orders a courier can still be dispatched for (the demo data predates deliveries). */
const DISPATCHABLE = ['confirmed', 'ready_for_pickup'] as const;

/** Re-reads the curbside pickup of one of the caller's robot deliveries (see curbside-sync.ts). */
export async function refreshCurbsideMirror(
  db: Db,
  deps: CourierDeps,
  userId: string,
  deliveryId: string,
): Promise<void> {
  const [row] = await db
    .select({ orderPickupId: deliveries.orderPickupId, fleet: deliveries.fleet })
    .from(deliveries)
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.userId, userId)));
  if (row?.fleet === 'curbrun_robots') await syncCurbsideDelivery(db, deps, row.orderPickupId);
}

/**
 * `GET /api/deliveries/order/:orderId`: the delivery of one of the caller's orders. An order that
 * is confirmed but has none (created before deliveries existed) is dispatched now, as it would
 * have been at confirmation.
 */
export async function deliveryForOrder(
  db: Db,
  deps: CourierDeps,
  userId: string,
  orderPickupId: string,
): Promise<Delivery> {
  let id = await findDeliveryIdForOrder(db, userId, orderPickupId);
  if (!id) {
    id = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orderPickups)
        .where(and(eq(orderPickups.id, orderPickupId), eq(orderPickups.userId, userId)))
        .for('update');
      if (!order || !(DISPATCHABLE as readonly string[]).includes(order.status)) return undefined;
      return dispatchDelivery(tx, deps, order);
    });
  }
  if (!id) throw new NotFoundError(DELIVERY_MESSAGES.orderHasNoDelivery);
  await refreshCurbsideMirror(db, deps, userId, id);
  return getOwnDelivery(db, userId, id, deps.view);
}

/**
 * Free cancellation until the courier leaves the store: cancels the order through
 * the scheduling domain (which refunds the payment to its original method and cancels a curbside
 * pickup still at the store); the status listener then marks the delivery cancelled.
 */
export async function cancelDelivery(
  db: Db,
  deps: CourierDeps,
  userId: string,
  deliveryId: string,
  provider: PaymentProvider,
): Promise<Delivery> {
  await refreshCurbsideMirror(db, deps, userId, deliveryId);
  const found = await withLockedDelivery(db, deliveryId, async ({ tx, row }) => {
    if (row.userId !== userId) return false;
    if (row.status !== 'pickup_confirmed')
      throw new ConflictError(DELIVERY_MESSAGES.notCancellable);
    // Also cancels a curbside pickup whose robot is still at the store (curbside domain's rule).
    await cancelOrderPickup(
      tx,
      { provider, events: deps.events },
      {
        userId,
        orderPickupId: row.orderPickupId,
      },
    );
    return true;
  });
  if (!found) throw new NotFoundError(DELIVERY_MESSAGES.notFound);
  return getOwnDelivery(db, userId, deliveryId, deps.view);
}

/** The order was cancelled (by any path): so is its delivery. Runs in the order's transaction. */
export async function markDeliveryCancelled(
  tx: Db,
  deps: CourierDeps,
  orderPickupId: string,
): Promise<void> {
  const [row] = await tx
    .select()
    .from(deliveries)
    .where(eq(deliveries.orderPickupId, orderPickupId))
    .for('update');
  if (!row || row.status === 'cancelled' || row.status === 'delivered') return;
  await tx
    .update(deliveries)
    .set({
      status: 'cancelled',
      cancelledAt: new Date(),
      etaAt: null,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(deliveries.id, row.id));
  await appendDeliveryUpdate(
    tx,
    row.id,
    'cancelled',
    'Order cancelled before the courier left the store, free of charge. Your payment is refunded to where it came from.',
  );
  await publishDelivery(tx, row.id, deps.view);
}
