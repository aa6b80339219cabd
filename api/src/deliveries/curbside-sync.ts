import { desc, eq, sql } from 'drizzle-orm';
import { CURBSIDE_STATUSES, type CurbsideStatus } from 'shared-contracts/curbside';
import type { DeliveryStatus, Place } from 'shared-contracts/deliveries';
import { curbsidePickups } from '../curbside/schema.ts';
import type { Db } from '../db/database.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { changeOrderPickupStatus } from '../order-pickups/status.ts';
import { robots } from '../robots/schema.ts';
import { COURIER_TIMERS, type CourierDeps, TICK_MS } from './courier.ts';
import { routeFromPoints, travelTimeMs } from './courier-route.ts';
import { deliveries, deliveryProofs } from './schema.ts';
import { appendDeliveryUpdate, publishDelivery } from './service.ts';

/**
 * Curbside orders are moved by the curbside pickup (its robot simulator), not by a second
 * robot of ours: this mirrors the latest curbside pickup of an order onto its delivery's
 * checkpoints (robot en route → En Route, robot arrived → Arriving, delivered → Delivered).
 *
 * It reads the curbside tables and never writes them, so the curbside domain behaves exactly as
 * without it. It runs when the curbside domain publishes a change (the plugin listens to the live
 * events channel) and again when a delivery is read, so a missed notification only delays it.
 */

interface Mirror {
  status: DeliveryStatus;
  message: (robot: string, spot: string) => string;
}

const MIRROR: Record<CurbsideStatus, Mirror> = {
  order_ready: {
    status: 'pickup_confirmed',
    message: () => 'Your order is ready at the store for curbside pickup.',
  },
  customer_arrived: {
    status: 'pickup_confirmed',
    message: (_robot, spot) =>
      `You arrived at parking spot ${spot}. A CurbRun robot will bring your order shortly.`,
  },
  robot_dispatched: {
    status: 'pickup_confirmed',
    message: (robot) => `${robot} has been assigned to your order.`,
  },
  robot_collecting: {
    status: 'pickup_confirmed',
    message: (robot) => `${robot} is collecting your order inside the store.`,
  },
  robot_en_route: {
    status: 'en_route',
    message: (robot, spot) => `${robot} left the store and is on its way to parking spot ${spot}.`,
  },
  awaiting_verification: {
    status: 'arriving',
    message: (robot, spot) =>
      `${robot} has arrived at parking spot ${spot}. Enter your PIN on the Curbside Pickup page to open it.`,
  },
  verified: {
    status: 'arriving',
    message: (robot) => `PIN verified. Collect your order from ${robot}'s compartment.`,
  },
  delivered: {
    status: 'delivered',
    message: (robot) => `Delivered. You collected your order from ${robot} with your PIN.`,
  },
  failed: {
    status: 'held',
    message: (robot) =>
      `${robot} could not hand your order over and took it back to the store's secure holding area. Rescheduling is free: start a new curbside pickup when you are ready.`,
  },
  cancelled: {
    status: 'pickup_confirmed',
    message: () =>
      'You cancelled the curbside pickup; your order is waiting at the store. Start a new curbside pickup when you are ready.',
  },
};

/**
 * The happy path of one curbside pickup, in order: the contract's statuses (listed in the order a
 * pickup goes through them) from the arrival to the hand-over, without order_ready before it and
 * the failed or cancelled endings after it.
 */
const ROBOT_PATH: readonly CurbsideStatus[] = CURBSIDE_STATUSES.slice(
  CURBSIDE_STATUSES.indexOf('customer_arrived'),
  CURBSIDE_STATUSES.indexOf('delivered') + 1,
);

/**
 * The curbside statuses a sync passes on its way from what the delivery last mirrored to what the
 * pickup says now, this one included. The mirror runs on notifications, and a busy server can
 * coalesce two of them (the robot left and arrived before the first was handled); the timeline
 * still tells every step, so the customer sees "on its way" before "has arrived".
 */
export function passedCurbsideSteps(
  mirrored: CurbsideStatus | null,
  now: CurbsideStatus,
): CurbsideStatus[] {
  const end = ROBOT_PATH.indexOf(now);
  if (end < 0) return [now];
  const start = mirrored === null ? -1 : ROBOT_PATH.indexOf(mirrored);
  // Off the path (a new pickup after a failed or cancelled one starts at arrival) or behind it.
  if (start >= end) return [now];
  return ROBOT_PATH.slice(start + 1, end + 1);
}

/** Mirrors the order's latest curbside pickup onto its delivery; a no-op when nothing changed. */
export async function syncCurbsideDelivery(
  db: Db,
  deps: CourierDeps,
  orderPickupId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Order first, then delivery: the lock order of every delivery writer.
    const [order] = await tx
      .select()
      .from(orderPickups)
      .where(eq(orderPickups.id, orderPickupId))
      .for('update');
    const [row] = await tx
      .select()
      .from(deliveries)
      .where(eq(deliveries.orderPickupId, orderPickupId))
      .for('update');
    if (!order || !row || row.fleet !== 'curbrun_robots' || row.status === 'cancelled') return;
    const [latest] = await tx
      .select({ pickup: curbsidePickups, robotName: robots.name })
      .from(curbsidePickups)
      .leftJoin(robots, eq(robots.id, curbsidePickups.robotId))
      .where(eq(curbsidePickups.orderPickupId, orderPickupId))
      .orderBy(desc(curbsidePickups.createdAt), desc(curbsidePickups.updatedAt))
      .limit(1);
    if (!latest) return;
    const { pickup } = latest;
    if (pickup.id === row.curbsidePickupId && pickup.status === row.curbsideStatus) return;
    // A delivered order stays delivered whatever later pickups say.
    if (row.status === 'delivered') return;

    const mirror = MIRROR[pickup.status];
    const robot = latest.robotName ?? 'Your robot';
    const now = new Date();
    const newPickup = row.curbsidePickupId !== null && pickup.id !== row.curbsidePickupId;
    const changes: Partial<typeof deliveries.$inferInsert> = {
      status: mirror.status,
      curbsidePickupId: pickup.id,
      curbsideStatus: pickup.status,
      courierName: latest.robotName ?? row.courierName,
      destination: {
        ...row.destination,
        name: `Parking spot ${pickup.parkingSpotNumber}`,
      } satisfies Place,
      // A new curbside pickup after a failed one is the next attempt.
      attempt: newPickup && row.status === 'held' ? row.attempt + 1 : row.attempt,
      etaAt: pickup.estimatedDeliveryTime,
      holdingLocation: null,
    };

    if (mirror.status === 'en_route' && row.status !== 'en_route') {
      // The robot's leg lasts until the curbside simulator's estimate of its arrival.
      const until =
        pickup.estimatedDeliveryTime?.getTime() ?? now.getTime() + 15_000 * deps.timeScale;
      const legDurationMs = Math.max(1_000, until - now.getTime());
      const route = routeFromPoints(row.route);
      const simHours = legDurationMs / deps.timeScale / 3_600_000;
      changes.legStartedAt = now;
      changes.legDurationMs = legDurationMs;
      changes.timeScale = deps.timeScale;
      changes.traffic = [1];
      changes.speedMph = route.miles > 0 ? route.miles / simHours : row.speedMph;
    }
    if (mirror.status === 'held') {
      changes.holdingLocation = {
        name: `${row.origin.name} secure holding area`,
        addressLine: row.origin.addressLine,
        location: row.origin.location,
      };
      changes.etaAt = null;
    }
    if (mirror.status === 'delivered') {
      changes.deliveredAt = now;
      changes.etaAt = null;
    }

    const [updated] = await tx
      .update(deliveries)
      .set({ ...changes, updatedAt: sql`clock_timestamp()` })
      .where(eq(deliveries.id, row.id))
      .returning();
    if (!updated) return;
    const mirrored = newPickup ? null : row.curbsideStatus;
    for (const step of passedCurbsideSteps(mirrored, pickup.status)) {
      const passed = MIRROR[step];
      await appendDeliveryUpdate(
        tx,
        row.id,
        passed.status,
        passed.message(robot, pickup.parkingSpotNumber),
        pickup.estimatedDeliveryTime,
      );
    }

    if (mirror.status === 'en_route' && row.status !== 'en_route') {
      const simMs = travelTimeMs(updated.routeMiles, updated.speedMph, [1]);
      await deps.schedule(tx, {
        kind: COURIER_TIMERS.tick,
        payload: { deliveryId: row.id, attempt: updated.attempt },
        delayMs: Math.min(TICK_MS / 5, simMs),
      });
    }
    if (mirror.status === 'delivered') {
      await tx
        .insert(deliveryProofs)
        .values({
          deliveryId: row.id,
          kind: 'pin',
          description: `Collected from ${robot} at parking spot ${pickup.parkingSpotNumber} with the PIN sent to your phone.`,
        })
        .onConflictDoNothing();
      // The curbside domain marks the order picked up at the car; the delivery completes it.
      if (order.status === 'confirmed' || order.status === 'ready_for_pickup') {
        await changeOrderPickupStatus(tx, deps.events, {
          orderPickupId: order.id,
          to: 'picked_up',
          note: `Collected at the curb from ${robot}`,
        });
      }
      await changeOrderPickupStatus(tx, deps.events, {
        orderPickupId: order.id,
        to: 'delivered',
        note: `Handed over at parking spot ${pickup.parkingSpotNumber}`,
      });
    }
    await publishDelivery(tx, row.id, deps.view);
  });
}

/** Which order a curbside pickup belongs to, for the live-events listener. */
export async function orderOfCurbsidePickup(db: Db, pickupId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ orderPickupId: curbsidePickups.orderPickupId })
    .from(curbsidePickups)
    .where(eq(curbsidePickups.id, pickupId));
  return row?.orderPickupId;
}
