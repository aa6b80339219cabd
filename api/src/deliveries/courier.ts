import { eq, sql } from 'drizzle-orm';
import { DELIVERY_MESSAGES, type Place } from 'shared-contracts/deliveries';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { notifyUser, type UserNotification } from '../notifications/preferences.ts';
import { type OrderPickupRow, orderPickups } from '../order-pickups/schema.ts';
import { changeOrderPickupStatus, type OrderPickupEvents } from '../order-pickups/status.ts';
import type { ScheduledTimer, ScheduleTimerInput, TimerRunner } from '../simulator/timers.ts';
import { buildRoute, isArriving, seedFrom, trafficFactors, travelTimeMs } from './courier-route.ts';
import { legProgress } from './position.ts';
import { renderDoorstepPhoto, renderSignature } from './proof-images.ts';
import { type DeliveryRow, deliveries, deliveryProofs } from './schema.ts';
import {
  appendDeliveryUpdate,
  type DeliveryViewOptions,
  publishDelivery,
  publishPosition,
} from './service.ts';

/**
 * The courier simulator for home deliveries, on durable timers (timers.ts):
 *
 *   dispatch ──lead──▶ at the store ──1 min──▶ leaves (picked up, in transit) ──ticks every 20 s──▶
 *   arriving (½ mile or 3 min out) ──▶ at the door ──▶ delivered with a photo, or waiting 5 min for
 *   a signature ──▶ delivered, or held at a safe location (a free reschedule).
 *
 * Durations are simulated (× SIM_TIME_SCALE). Timers run at least once, so each handler locks the
 * order and the delivery (in that order, like every writer) and does nothing unless the delivery
 * is still where the timer expects it.
 */

export const COURIER_TIMERS = {
  /** `{ deliveryId, attempt }`: the courier reaches the store. */
  atStore: 'courier.at-store',
  /** `{ deliveryId, attempt }`: the courier leaves the store with the order. */
  depart: 'courier.depart',
  /** `{ deliveryId, attempt }`: the courier moves on; arriving and arrival happen here. */
  tick: 'courier.tick',
  /** `{ deliveryId, attempt }`: the 5-minute wait at the door is over. */
  waitTimeout: 'courier.wait-timeout',
} as const;

export const courierTimerPayloadSchema = z.object({
  deliveryId: z.uuid(),
  attempt: z.number().int().min(1),
});
export type CourierTimerPayload = z.infer<typeof courierTimerPayloadSchema>;

/** Collecting the order at the store's desk. */
export const COLLECT_AT_STORE_MS = 60_000;
/** How often a moving courier reports its position. */
export const TICK_MS = 20_000;
/** A missed hand-over waits 5 minutes before going to a safe holding location. */
export const DOOR_WAIT_MS = 5 * 60_000;
/** The shortest leg, so a next-door delivery still moves on the map. */
export const MIN_LEG_MS = 60_000;

export interface CourierDeps {
  events: OrderPickupEvents;
  /** `app.timers.schedule`: durable, × SIM_TIME_SCALE. */
  schedule(db: Db, input: ScheduleTimerInput): Promise<ScheduledTimer>;
  timeScale: number;
  view: DeliveryViewOptions;
}

interface Locked {
  tx: Db;
  row: DeliveryRow;
  order: OrderPickupRow;
}

/**
 * Tells the customer about their delivery, unless it is a test-mode order's: that courier is a
 * simulation for the retailer's test data, and nobody is texted or emailed about it.
 */
function notifyCustomer(tx: Db, order: OrderPickupRow, message: UserNotification): Promise<number> {
  return order.livemode ? notifyUser(tx, message) : Promise.resolve(0);
}

/**
 * Runs `fn` with the order and the delivery row-locked, in that order: the same order as status
 * changes of the order (whose listeners lock the delivery), so the two never deadlock.
 */
export async function withLockedDelivery<T>(
  db: Db,
  deliveryId: string,
  fn: (locked: Locked) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ orderPickupId: deliveries.orderPickupId })
      .from(deliveries)
      .where(eq(deliveries.id, deliveryId));
    if (!peek) return undefined;
    const [order] = await tx
      .select()
      .from(orderPickups)
      .where(eq(orderPickups.id, peek.orderPickupId))
      .for('update');
    const [row] = await tx
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, deliveryId))
      .for('update');
    if (!order || !row) return undefined;
    return fn({ tx, row, order });
  });
}

async function update(
  tx: Db,
  id: string,
  changes: Partial<typeof deliveries.$inferInsert>,
): Promise<DeliveryRow> {
  const [row] = await tx
    .update(deliveries)
    .set({ ...changes, updatedAt: sql`clock_timestamp()` })
    .where(eq(deliveries.id, id))
    .returning();
  if (!row) throw new Error(`Delivery ${id} vanished while updating it`);
  return row;
}

const courierOf = (row: DeliveryRow) => row.courierName ?? 'Your courier';
const trackingPath = (row: DeliveryRow) => `/delivery-tracking/${row.orderPickupId}`;

function schedule(deps: CourierDeps, tx: Db, kind: string, row: DeliveryRow, delayMs: number) {
  return deps.schedule(tx, {
    kind,
    payload: { deliveryId: row.id, attempt: row.attempt } satisfies CourierTimerPayload,
    delayMs,
  });
}

/** The timer's delivery, if it is still in `status` on the same attempt. */
function expects(
  locked: Locked,
  payload: CourierTimerPayload,
  statuses: readonly string[],
): boolean {
  return locked.row.attempt === payload.attempt && statuses.includes(locked.row.status);
}

// ---------------------------------------------------------------------------------------------
// Timer handlers.

export async function courierAtStore(
  db: Db,
  deps: CourierDeps,
  payload: CourierTimerPayload,
): Promise<void> {
  await withLockedDelivery(db, payload.deliveryId, async (locked) => {
    if (!expects(locked, payload, ['pickup_confirmed'])) return;
    const { tx, row, order } = locked;
    if (order.status === 'cancelled') return;
    if (order.status === 'confirmed') {
      await changeOrderPickupStatus(tx, deps.events, {
        orderPickupId: order.id,
        to: 'ready_for_pickup',
        note: `Ready at the store for ${courierOf(row)}`,
      });
    }
    const driveMs = travelTimeMs(row.routeMiles, row.speedMph, row.traffic);
    const etaAt = new Date(
      Date.now() + (COLLECT_AT_STORE_MS + Math.max(driveMs, MIN_LEG_MS)) * deps.timeScale,
    );
    const updated = await update(tx, row.id, { etaAt });
    await appendDeliveryUpdate(
      tx,
      row.id,
      'pickup_confirmed',
      `${courierOf(row)} is at ${row.origin.name} collecting your order.`,
      etaAt,
    );
    await schedule(deps, tx, COURIER_TIMERS.depart, updated, COLLECT_AT_STORE_MS);
    await publishDelivery(tx, row.id, deps.view);
  });
}

/** Starts a leg from the leg's first route point: the courier is moving from now on. */
async function startLeg(
  tx: Db,
  deps: CourierDeps,
  row: DeliveryRow,
  changes: Partial<typeof deliveries.$inferInsert>,
) {
  const now = new Date();
  const routeMiles = changes.routeMiles ?? row.routeMiles;
  const traffic = changes.traffic ?? row.traffic;
  const simMs = Math.max(travelTimeMs(routeMiles, row.speedMph, traffic), MIN_LEG_MS);
  const legDurationMs = Math.round(simMs * deps.timeScale);
  const started = await update(tx, row.id, {
    ...changes,
    status: 'en_route',
    legStartedAt: now,
    legDurationMs,
    timeScale: deps.timeScale,
  });
  const etaAt = legProgress(started, now).etaAt;
  const moving = await update(tx, row.id, { etaAt });
  await schedule(deps, tx, COURIER_TIMERS.tick, moving, Math.min(TICK_MS, simMs));
  return { row: moving, etaAt };
}

export async function courierDepart(
  db: Db,
  deps: CourierDeps,
  payload: CourierTimerPayload,
): Promise<void> {
  await withLockedDelivery(db, payload.deliveryId, async (locked) => {
    if (!expects(locked, payload, ['pickup_confirmed'])) return;
    const { tx, row, order } = locked;
    if (order.status === 'cancelled') return;
    // Free cancellation ends here: the order leaves the store.
    if (order.status !== 'picked_up' && order.status !== 'in_transit') {
      await changeOrderPickupStatus(tx, deps.events, {
        orderPickupId: order.id,
        to: 'picked_up',
        note: `Collected by ${courierOf(row)}`,
      });
    }
    if (order.status !== 'in_transit') {
      await changeOrderPickupStatus(tx, deps.events, {
        orderPickupId: order.id,
        to: 'in_transit',
        note: `On the way with ${courierOf(row)}`,
      });
    }
    const { etaAt } = await startLeg(tx, deps, row, {});
    await appendDeliveryUpdate(
      tx,
      row.id,
      'en_route',
      `${courierOf(row)} left ${row.origin.name} with your order and is on the way (${row.routeMiles.toFixed(1)} mi).`,
      etaAt,
    );
    await notifyCustomer(tx, order, {
      userId: row.userId,
      event: 'delivery_updates',
      subject: `Order ${order.orderNumber} is on its way`,
      text: `${courierOf(row)} has your order ${order.orderNumber} and is on the way to ${row.destination.addressLine}. Follow it live: ${trackingPath(row)}`,
      smsText: `${courierOf(row)} is on the way with order ${order.orderNumber}.`,
    });
    await publishDelivery(tx, row.id, deps.view);
  });
}

export async function courierTick(
  db: Db,
  deps: CourierDeps,
  payload: CourierTimerPayload,
): Promise<void> {
  await withLockedDelivery(db, payload.deliveryId, async (locked) => {
    if (!expects(locked, payload, ['en_route', 'arriving'])) return;
    const { tx, row, order } = locked;
    if (!row.legStartedAt || !row.legDurationMs) return;
    const now = new Date();
    const progress = legProgress(row, now);
    const isRobot = row.fleet === 'curbrun_robots';
    // Less than a quarter of a simulated second left: the courier is there.
    if (progress.realRemainingMs / row.timeScale < 250) {
      // Robots arrive when the curbside pickup says so (curbside-sync.ts); just stop reporting.
      if (isRobot) {
        await publishPosition(tx, row, now);
        return;
      }
      if (row.status === 'en_route') {
        // A late tick (a busy or restarted server) never skips the Arriving checkpoint.
        await update(tx, row.id, { status: 'arriving' });
        await appendDeliveryUpdate(tx, row.id, 'arriving', `${courierOf(row)} is arriving now.`);
      }
      await arriveAtDoor(locked, deps);
      return;
    }
    let current = row;
    if (!isRobot && row.status === 'en_route') {
      const remainingMiles = progress.position.remainingMiles;
      if (isArriving(remainingMiles, progress.estimatedRemainingSimMs)) {
        current = await update(tx, row.id, { status: 'arriving', etaAt: progress.etaAt });
        const minutes = Math.max(1, Math.round(progress.estimatedRemainingSimMs / 60_000));
        await appendDeliveryUpdate(
          tx,
          row.id,
          'arriving',
          `${courierOf(row)} is arriving: about ${minutes} min away.`,
          progress.etaAt,
        );
        await notifyCustomer(tx, order, {
          userId: row.userId,
          event: 'delivery_updates',
          subject: `Order ${order.orderNumber} is arriving`,
          text: `${courierOf(row)} is about ${minutes} minute${minutes === 1 ? '' : 's'} away with order ${order.orderNumber}.`,
        });
        await publishDelivery(tx, row.id, deps.view);
      }
    }
    if (current === row) {
      current = await update(tx, row.id, { etaAt: progress.etaAt });
      await publishPosition(tx, current, now);
    }
    const remainingSim = progress.realRemainingMs / row.timeScale;
    await schedule(deps, tx, COURIER_TIMERS.tick, current, Math.min(TICK_MS, remainingSim));
  });
}

async function arriveAtDoor(locked: Locked, deps: CourierDeps): Promise<void> {
  const { tx, row, order } = locked;
  if (!row.signatureRequired) {
    await deliver(locked, deps, 'photo');
    return;
  }
  const waiting = await update(tx, row.id, { status: 'awaiting_customer', etaAt: null });
  await appendDeliveryUpdate(
    tx,
    row.id,
    'awaiting_customer',
    `${courierOf(row)} is at your door with your order and needs your signature. Please meet them within 5 minutes, or your order goes to a safe holding location.`,
  );
  await notifyCustomer(tx, order, {
    userId: row.userId,
    event: 'delivery_updates',
    subject: `Your courier is at your door with order ${order.orderNumber}`,
    text: `${courierOf(row)} is at ${row.destination.addressLine} and needs your signature for order ${order.orderNumber}. Please meet them within 5 minutes.`,
  });
  await schedule(deps, tx, COURIER_TIMERS.waitTimeout, waiting, DOOR_WAIT_MS);
  await publishDelivery(tx, row.id, deps.view);
}

async function deliver(
  locked: Locked,
  deps: CourierDeps,
  kind: 'photo' | 'signature',
): Promise<void> {
  const { tx, row, order } = locked;
  const seed = seedFrom(`${row.id}:${row.attempt}`);
  const courier = courierOf(row);
  const image =
    kind === 'photo'
      ? renderDoorstepPhoto({
          seed,
          parcels: order.bags,
          heavy: order.weightClass !== 'small',
        })
      : renderSignature({ seed, name: order.customerName ?? 'Customer' });
  const description =
    kind === 'photo'
      ? `Photo taken at your door by ${courier} when your order was left there.`
      : `Signed for at your door; handed over by ${courier}.`;
  await tx
    .insert(deliveryProofs)
    .values({ deliveryId: row.id, kind, description, contentType: 'image/png', image })
    .onConflictDoNothing();
  await update(tx, row.id, { status: 'delivered', deliveredAt: new Date(), etaAt: null });
  if (order.status !== 'delivered') {
    await changeOrderPickupStatus(tx, deps.events, {
      orderPickupId: order.id,
      to: 'delivered',
      note:
        kind === 'photo'
          ? `Delivered by ${courier} (photo)`
          : `Delivered by ${courier} (signature)`,
    });
  }
  await appendDeliveryUpdate(
    tx,
    row.id,
    'delivered',
    kind === 'photo'
      ? `Delivered. ${courier} left your order at your door and took a photo.`
      : `Delivered. ${courier} handed your order over and you signed for it.`,
  );
  await notifyCustomer(tx, order, {
    userId: row.userId,
    event: 'delivery_updates',
    subject: `Order ${order.orderNumber} was delivered`,
    text: `Order ${order.orderNumber} was delivered to ${row.destination.addressLine}. See the proof of delivery: ${trackingPath(row)}`,
  });
  await publishDelivery(tx, row.id, deps.view);
}

/** Where a missed delivery is held: the store's secure holding area. */
function holdingPlace(row: DeliveryRow): Place {
  return {
    name: `${row.origin.name} secure holding area`,
    addressLine: row.origin.addressLine,
    location: row.origin.location,
  };
}

export async function courierWaitTimeout(
  db: Db,
  deps: CourierDeps,
  payload: CourierTimerPayload,
): Promise<void> {
  await withLockedDelivery(db, payload.deliveryId, async (locked) => {
    if (!expects(locked, payload, ['awaiting_customer'])) return;
    const { tx, row, order } = locked;
    const holding = holdingPlace(row);
    await update(tx, row.id, { status: 'held', holdingLocation: holding, etaAt: null });
    await appendDeliveryUpdate(
      tx,
      row.id,
      'held',
      `${courierOf(row)} waited 5 minutes without reaching you and has taken your order to a safe holding location (${holding.name}). Rescheduling is free: choose Reschedule delivery when you are ready.`,
    );
    await notifyCustomer(tx, order, {
      userId: row.userId,
      event: 'delivery_updates',
      subject: `We missed you: order ${order.orderNumber} is safe`,
      text: `We could not reach you, so order ${order.orderNumber} is at ${holding.name}, ${holding.addressLine}. Reschedule the delivery free of charge: ${trackingPath(row)}`,
    });
    await publishDelivery(tx, row.id, deps.view);
  });
}

// ---------------------------------------------------------------------------------------------
// The customer's actions.

/** "I'm at the door": the customer meets the courier and signs (awaiting_customer only). */
export async function confirmPresence(
  db: Db,
  deps: CourierDeps,
  userId: string,
  deliveryId: string,
): Promise<void> {
  const done = await withLockedDelivery(db, deliveryId, async (locked) => {
    if (locked.row.userId !== userId) return false;
    if (locked.row.status !== 'awaiting_customer')
      throw new ConflictError(DELIVERY_MESSAGES.notAtDoor);
    await deliver(locked, deps, 'signature');
    return true;
  });
  if (!done) throw new NotFoundError(DELIVERY_MESSAGES.notFound);
}

/** Free rescheduling after a missed hand-over: a new attempt from the holding location. */
export async function rescheduleDelivery(
  db: Db,
  deps: CourierDeps,
  userId: string,
  deliveryId: string,
): Promise<void> {
  const done = await withLockedDelivery(db, deliveryId, async (locked) => {
    const { tx, row } = locked;
    if (row.userId !== userId) return false;
    if (row.status !== 'held' || row.fleet === 'curbrun_robots')
      throw new ConflictError(DELIVERY_MESSAGES.notHeld);
    const from = row.holdingLocation ?? row.origin;
    const attempt = row.attempt + 1;
    const seed = seedFrom(`${row.id}:${attempt}`);
    const route = buildRoute(from.location, row.destination.location, seed);
    const { etaAt } = await startLeg(tx, deps, row, {
      attempt,
      route: route.points,
      routeMiles: route.miles,
      traffic: trafficFactors(seed),
      holdingLocation: null,
    });
    await appendDeliveryUpdate(
      tx,
      row.id,
      'en_route',
      `Rescheduled free of charge. ${courierOf(row)} is bringing your order from ${from.name} again (attempt ${attempt}).`,
      etaAt,
    );
    await publishDelivery(tx, row.id, deps.view);
    return true;
  });
  if (!done) throw new NotFoundError(DELIVERY_MESSAGES.notFound);
}

/** Registers the simulator's timer kinds (once per app). */
export function registerCourierTimers(timers: TimerRunner, deps: CourierDeps): void {
  const options = { payloadSchema: courierTimerPayloadSchema };
  timers.register(
    COURIER_TIMERS.atStore,
    ({ db, payload }) => courierAtStore(db, deps, payload),
    options,
  );
  timers.register(
    COURIER_TIMERS.depart,
    ({ db, payload }) => courierDepart(db, deps, payload),
    options,
  );
  timers.register(
    COURIER_TIMERS.tick,
    ({ db, payload }) => courierTick(db, deps, payload),
    options,
  );
  timers.register(
    COURIER_TIMERS.waitTimeout,
    ({ db, payload }) => courierWaitTimeout(db, deps, payload),
    options,
  );
}
