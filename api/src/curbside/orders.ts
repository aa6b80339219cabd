import { and, eq } from 'drizzle-orm';
import { CURBSIDE_ELIGIBLE_ORDER_STATUSES, type CurbsideStatus } from 'shared-contracts/curbside';
import type { OrderPickupStatus } from 'shared-contracts/order-pickups';
import type { Db } from '../db/database.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { changeOrderPickupStatus, type OrderPickupEvents } from '../order-pickups/status.ts';
import { stores } from '../stores/schema.ts';

/**
 * The curbside domain's only window onto order pickups (owned by the scheduling domain): read one
 * of the caller's orders by number, and mark it picked up (through that domain's status change)
 * when the robot has handed it over.
 */

export interface CurbsideOrder {
  id: string;
  orderNumber: string;
  status: OrderPickupStatus;
  storeId: string;
  storeName: string;
}

/**
 * The caller's order with this number; another user's order is reported as missing. With `lock`,
 * the row stays locked until the transaction ends so two arrivals for one order are decided one
 * after the other; without it, a cheap look before any costly work.
 */
export async function findCallersOrder(
  tx: Db,
  userId: string,
  orderNumber: string,
  options: { lock: boolean },
): Promise<CurbsideOrder | undefined> {
  const query = tx
    .select({
      id: orderPickups.id,
      orderNumber: orderPickups.orderNumber,
      status: orderPickups.status,
      storeId: orderPickups.storeId,
      storeName: stores.name,
    })
    .from(orderPickups)
    .innerJoin(stores, eq(stores.id, orderPickups.storeId))
    .where(
      and(
        eq(orderPickups.orderNumber, orderNumber),
        eq(orderPickups.userId, userId),
        // A test-mode order is simulated: no robot is ever claimed for it (test-mode.ts).
        eq(orderPickups.livemode, true),
      ),
    );
  const [order] = options.lock ? await query.for('update', { of: orderPickups }) : await query;
  return order;
}

export function isEligibleForCurbside(status: OrderPickupStatus): boolean {
  return (CURBSIDE_ELIGIBLE_ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * The order has left the store with its customer: `picked_up` through the order-pickups domain's
 * status change (history, live event, listeners). Only an order still waiting at the store moves;
 * one that another domain has already moved on (delivered) or that was cancelled is left alone.
 */
export async function markOrderPickedUp(
  tx: Db,
  events: OrderPickupEvents,
  orderPickupId: string,
  note: string,
): Promise<void> {
  const [order] = await tx
    .select({ status: orderPickups.status })
    .from(orderPickups)
    .where(eq(orderPickups.id, orderPickupId));
  if (!order || !isEligibleForCurbside(order.status)) return;
  await changeOrderPickupStatus(tx, events, { orderPickupId, to: 'picked_up', note });
}

/** Readable order status for messages: `ready_for_pickup` → `ready for pickup`. */
export function describeOrderStatus(status: OrderPickupStatus | CurbsideStatus): string {
  return status.replaceAll('_', ' ');
}
