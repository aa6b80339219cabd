import { desc, eq } from 'drizzle-orm';
import type { CurbsideStatus } from 'shared-contracts/curbside';
import { ORDER_MESSAGES } from 'shared-contracts/order-pickups';
import type { Db } from '../db/database.ts';
import { ConflictError } from '../http/errors.ts';
import { curbsidePickups } from './schema.ts';
import { cancelCurbsidePickup } from './service.ts';

/**
 * What a curbside pickup means for cancelling its order (free until the driver or robot leaves
 * the store: docs/product.md, "Scheduling a pickup and orders"). The order-pickups domain asks
 * before it refunds anything:
 * - robot out with the order (on its way, at the car, compartment open): refused, like the
 *   pickup's own cancel;
 * - hand-over failed, order at the store's holding area: refused, like a held delivery's cancel;
 * - pickup still at the store (arrived, robot assigned or collecting): cancelled with the order;
 * - no pickup, or one that ended (delivered, cancelled): nothing to say.
 * Only the order's latest pickup counts: a new pickup after a failed one is a new attempt.
 */

const ROBOT_OUT: readonly CurbsideStatus[] = [
  'robot_en_route',
  'awaiting_verification',
  'verified',
];
const AT_STORE: readonly CurbsideStatus[] = [
  'order_ready',
  'customer_arrived',
  'robot_dispatched',
  'robot_collecting',
];

interface OrderRef {
  id: string;
  orderNumber: string;
}

async function latestPickup(db: Db, orderPickupId: string) {
  const [row] = await db
    .select({ id: curbsidePickups.id, status: curbsidePickups.status })
    .from(curbsidePickups)
    .where(eq(curbsidePickups.orderPickupId, orderPickupId))
    .orderBy(desc(curbsidePickups.createdAt), desc(curbsidePickups.updatedAt))
    .limit(1);
  return row;
}

function refusalFor(status: CurbsideStatus, orderNumber: string): string | undefined {
  if (ROBOT_OUT.includes(status)) return ORDER_MESSAGES.robotLeftStore(orderNumber);
  if (status === 'failed') return ORDER_MESSAGES.robotReturnedToHolding(orderNumber);
  return undefined;
}

/** Why the order's curbside pickup stops it being cancelled, if it does (for `cancellable`). */
export async function curbsideCancellationRefusal(
  db: Db,
  order: OrderRef,
): Promise<string | undefined> {
  const pickup = await latestPickup(db, order.id);
  return pickup ? refusalFor(pickup.status, order.orderNumber) : undefined;
}

/**
 * Inside the order's cancel transaction, with the order row locked (so no new pickup can start):
 * throws 409 when the curbside pickup forbids cancelling, and otherwise cancels a pickup still at
 * the store, which frees its robot and tells the customer's tracking page.
 *
 * The pickup is read without a lock: the robot's completion locks the pickup before the order,
 * so locking it here after the order could deadlock. A robot leaving the store meanwhile is
 * caught by `cancelCurbsidePickup`, which locks the pickup and refuses with its own 409.
 */
export async function cancelCurbsideWithOrder(
  tx: Db,
  order: OrderRef & { userId: string },
): Promise<void> {
  const pickup = await latestPickup(tx, order.id);
  if (!pickup) return;
  const refusal = refusalFor(pickup.status, order.orderNumber);
  if (refusal) throw new ConflictError(refusal);
  if (AT_STORE.includes(pickup.status)) {
    await cancelCurbsidePickup(tx, order.userId, pickup.id);
  }
}
