import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import {
  CURBSIDE_EVENT_TYPE,
  CURBSIDE_FAILED_TEXT,
  CURBSIDE_FINAL_STATUSES,
  CURBSIDE_MESSAGES,
  type CurbsideArrival,
  type CurbsidePickup,
  type CurbsideStatus,
  MAX_VERIFICATION_ATTEMPTS,
} from 'shared-contracts/curbside';
import type { Db } from '../db/database.ts';
import { ConflictError, HttpError, NotFoundError } from '../http/errors.ts';
import { REDACTED, redactUsedSecret, sendNotification } from '../notifications/service.ts';
import type { OrderPickupEvents } from '../order-pickups/status.ts';
import { publishEvent } from '../realtime/publish.ts';
import { claimRobot, ensureFleet, releaseRobot } from '../robots/fleet.ts';
import { robots } from '../robots/schema.ts';
import type { ScheduledTimer, ScheduleTimerInput } from '../simulator/timers.ts';
import {
  type CurbsideOrder,
  describeOrderStatus,
  findCallersOrder,
  isEligibleForCurbside,
  markOrderPickedUp,
} from './orders.ts';
import { generatePin, hashPin, hashPinLike, pinHashMatches } from './pin.ts';
import {
  COMPARTMENT_OPEN_MS,
  nextRobotStep,
  ROBOT_BUSY_RETRY_MS,
  ROBOT_WAIT_MS,
  type RobotStepStatus,
  remainingToArrivalMs,
} from './robot-schedule.ts';
import {
  type CurbsidePickupRow,
  type CurbsideTrackingUpdateRow,
  curbsidePickups,
  curbsideTrackingUpdates,
} from './schema.ts';
import { assertTransition } from './state-machine.ts';

/** Timer kinds of the robot simulator; registered by the curbside plugin. */
export const CURBSIDE_TIMERS = {
  /** `{ pickupId, to }`: the robot's next step (dispatch, collect, drive, arrive). */
  advance: 'curbside.advance',
  /** `{ pickupId }`: the robot gave up waiting for the PIN. */
  waitTimeout: 'curbside.wait-timeout',
  /** `{ pickupId }`: the compartment closed with no collection confirmed. */
  compartmentClose: 'curbside.compartment-close',
} as const;

export const PICKUP_NOT_FOUND_MESSAGE = 'Curbside pickup not found';

export interface CurbsideDeps {
  /** `app.orderPickupEvents`: the order's own status listeners run when it is picked up. */
  orderEvents: OrderPickupEvents;
  /** `app.timers.schedule`: durable, multiplied by SIM_TIME_SCALE. */
  schedule(db: Db, input: ScheduleTimerInput): Promise<ScheduledTimer>;
  /** SIM_TIME_SCALE, for the estimated arrival times shown to the customer. */
  timeScale: number;
}

export const curbsideTopic = (pickupId: string) => `curbside:${pickupId}`;

// ---------------------------------------------------------------------------------------------
// Reading

function toRecord(
  row: CurbsidePickupRow,
  robotName: string | null,
  updates: CurbsideTrackingUpdateRow[],
): CurbsidePickup {
  return {
    _id: row.id,
    customerName: row.customerName,
    parkingSpotNumber: row.parkingSpotNumber,
    orderNumber: row.orderNumber,
    status: row.status,
    verificationAttempts: row.verificationAttempts,
    maxVerificationAttempts: row.maxVerificationAttempts,
    ...(row.estimatedDeliveryTime
      ? { estimatedDeliveryTime: row.estimatedDeliveryTime.toISOString() }
      : {}),
    ...(robotName ? { robotName } : {}),
    trackingUpdates: updates.map((update) => ({
      timestamp: update.createdAt.toISOString(),
      status: update.status,
      message: update.message,
      ...(update.estimatedArrival
        ? { estimatedArrival: update.estimatedArrival.toISOString() }
        : {}),
    })),
  };
}

async function loadRecord(db: Db, pickupId: string): Promise<CurbsidePickup | undefined> {
  const [found] = await db
    .select({ pickup: curbsidePickups, robotName: robots.name })
    .from(curbsidePickups)
    .leftJoin(robots, eq(robots.id, curbsidePickups.robotId))
    .where(eq(curbsidePickups.id, pickupId));
  if (!found) return undefined;
  const updates = await db
    .select()
    .from(curbsideTrackingUpdates)
    .where(eq(curbsideTrackingUpdates.pickupId, pickupId))
    .orderBy(asc(curbsideTrackingUpdates.id));
  return toRecord(found.pickup, found.robotName, updates);
}

/** The caller's pickup; someone else's is reported exactly like a missing one (404). */
async function findOwned(db: Db, userId: string, pickupId: string): Promise<CurbsidePickupRow> {
  const [row] = await db
    .select()
    .from(curbsidePickups)
    .where(and(eq(curbsidePickups.id, pickupId), eq(curbsidePickups.userId, userId)));
  if (!row) throw new NotFoundError(PICKUP_NOT_FOUND_MESSAGE);
  return row;
}

export async function getCurbsidePickup(
  db: Db,
  userId: string,
  pickupId: string,
): Promise<CurbsidePickup> {
  await findOwned(db, userId, pickupId);
  const record = await loadRecord(db, pickupId);
  if (!record) throw new NotFoundError(PICKUP_NOT_FOUND_MESSAGE);
  return record;
}

/** Throws 404 unless the caller owns the pickup; for the event stream's authorisation. */
export async function assertOwnsPickup(db: Db, userId: string, pickupId: string): Promise<void> {
  await findOwned(db, userId, pickupId);
}

// ---------------------------------------------------------------------------------------------
// Writing helpers: every change happens in one transaction that also appends the timeline entry
// and publishes the new record, so a live client never sees a change without its update.

async function lockPickup(tx: Db, pickupId: string): Promise<CurbsidePickupRow | undefined> {
  const [row] = await tx
    .select()
    .from(curbsidePickups)
    .where(eq(curbsidePickups.id, pickupId))
    .for('update');
  return row;
}

async function appendUpdate(
  tx: Db,
  pickupId: string,
  status: CurbsideStatus,
  message: string,
  estimatedArrival?: Date,
): Promise<void> {
  await tx
    .insert(curbsideTrackingUpdates)
    .values({ pickupId, status, message, estimatedArrival: estimatedArrival ?? null });
}

async function publishRecord(tx: Db, pickupId: string): Promise<CurbsidePickup> {
  const record = await loadRecord(tx, pickupId);
  if (!record) throw new Error(`Curbside pickup ${pickupId} vanished inside its transaction`);
  await publishEvent(tx, curbsideTopic(pickupId), record, { type: CURBSIDE_EVENT_TYPE });
  return record;
}

type PickupChanges = Partial<
  Pick<
    typeof curbsidePickups.$inferInsert,
    'pinHash' | 'verificationAttempts' | 'robotId' | 'estimatedDeliveryTime'
  >
>;

/** Moves `row` to `to` (409 if the state machine forbids it) and records the timeline entry. */
async function transition(
  tx: Db,
  row: CurbsidePickupRow,
  to: CurbsideStatus,
  message: string,
  changes: PickupChanges = {},
  estimatedArrival?: Date,
): Promise<void> {
  assertTransition(row.status, to);
  await tx
    .update(curbsidePickups)
    .set({ ...changes, status: to, updatedAt: sql`clock_timestamp()` })
    .where(eq(curbsidePickups.id, row.id));
  await appendUpdate(tx, row.id, to, message, estimatedArrival);
}

/** The robot is done with this pickup (delivered, failed or cancelled): it is free again. */
async function freeRobot(tx: Db, row: CurbsidePickupRow): Promise<void> {
  if (row.robotId) await releaseRobot(tx, row.robotId, row.id);
}

async function robotNameOf(tx: Db, robotId: string | null): Promise<string> {
  if (!robotId) return 'The robot';
  const [robot] = await tx.select({ name: robots.name }).from(robots).where(eq(robots.id, robotId));
  return robot?.name ?? 'The robot';
}

function lastDigits(phoneNumber: string): string {
  return phoneNumber.replace(/\D/g, '').slice(-4);
}

const FINAL = [...CURBSIDE_FINAL_STATUSES];

/**
 * How long the PIN's text message keeps the PIN in the outbox when no transport has delivered it:
 * well beyond a pickup (the robot's trip, its wait at the car, a queue for a busy fleet), in real
 * time whatever SIM_TIME_SCALE says, after which it would open nothing.
 */
export const PIN_MESSAGE_TTL_MS = 2 * 60 * 60_000;

// ---------------------------------------------------------------------------------------------
// Arrival

/**
 * The arrival's order: the caller's, in a status the curb can serve, with no pickup under way.
 * Throws the answer the customer sees otherwise.
 */
async function arrivalOrder(
  db: Db,
  userId: string,
  orderNumber: string,
  options: { lock: boolean },
): Promise<CurbsideOrder> {
  const order = await findCallersOrder(db, userId, orderNumber, options);
  if (!order) {
    throw new NotFoundError(`We could not find order ${orderNumber} on your account.`);
  }
  if (!isEligibleForCurbside(order.status)) {
    throw new ConflictError(
      `Order ${order.orderNumber} is ${describeOrderStatus(order.status)}, so it cannot be picked up at the curb.`,
    );
  }
  const [active] = await db
    .select({ id: curbsidePickups.id })
    .from(curbsidePickups)
    .where(
      and(eq(curbsidePickups.orderPickupId, order.id), notInArray(curbsidePickups.status, FINAL)),
    )
    .limit(1);
  if (active) {
    throw new ConflictError(
      `A curbside pickup for order ${order.orderNumber} is already in progress.`,
    );
  }
  return order;
}

/** The part of the PIN text message unique to one pickup's PIN. */
const pinSentence = (orderNumber: string, pin: string) =>
  `your PIN for order ${orderNumber} is ${pin}.`;

/**
 * `POST /api/curbside-pickups`: the customer is at the curb. Checks the order, generates the PIN
 * (sent only by SMS), starts the robot simulator and announces the first record.
 */
export async function createCurbsidePickup(
  db: Db,
  deps: CurbsideDeps,
  userId: string,
  input: CurbsideArrival,
): Promise<string> {
  // The PIN's scrypt hash costs tens of milliseconds of CPU: check the order first, so arrivals
  // for unknown, foreign or finished orders are refused at the price of one query (issue 12).
  await arrivalOrder(db, userId, input.orderNumber, { lock: false });
  const pin = generatePin();
  // Hashed before the transaction holds any lock.
  const pinHash = await hashPin(pin);

  return db.transaction(async (tx) => {
    // Decided again under the row lock: another arrival for this order may have won meanwhile.
    const order = await arrivalOrder(tx, userId, input.orderNumber, { lock: true });

    await ensureFleet(tx, order.storeId);
    const [pickup] = await tx
      .insert(curbsidePickups)
      .values({
        userId,
        orderPickupId: order.id,
        orderNumber: order.orderNumber,
        storeId: order.storeId,
        customerName: input.customerName,
        parkingSpotNumber: input.parkingSpotNumber,
        phoneNumber: input.phoneNumber,
        vehicleDescription: input.vehicleDescription ?? null,
        specialInstructions: input.specialInstructions ?? null,
        status: 'customer_arrived',
        pinHash,
        maxVerificationAttempts: MAX_VERIFICATION_ATTEMPTS,
      })
      .returning();
    if (!pickup) throw new Error('Inserting the curbside pickup returned no row');

    // The record is born at the curb, but its timeline starts where SPEC section 4's does.
    assertTransition('order_ready', 'customer_arrived');
    await appendUpdate(
      tx,
      pickup.id,
      'order_ready',
      `Order ${order.orderNumber} at ${order.storeName} is set for curbside pickup.`,
    );
    await appendUpdate(
      tx,
      pickup.id,
      'customer_arrived',
      `You've arrived at parking spot ${input.parkingSpotNumber}. ${order.storeName} has been ` +
        'notified and a robot will be dispatched shortly. Your PIN was sent by text message to ' +
        `the number ending in ${lastDigits(input.phoneNumber)}.`,
    );
    const pinText = (shown: string) =>
      `CurbRun: ${pinSentence(order.orderNumber, shown)} Enter it when the robot ` +
      `arrives at parking spot ${input.parkingSpotNumber} to open its compartment. ` +
      'Never share this PIN.';
    await sendNotification(tx, {
      channel: 'sms',
      to: input.phoneNumber,
      subject: 'Your curbside pickup PIN',
      text: pinText(pin),
      // The PIN leaves the outbox once sent, or once no pickup could still need it (issue 12).
      secret: {
        redactedText: pinText(REDACTED),
        keepUntil: new Date(Date.now() + PIN_MESSAGE_TTL_MS),
      },
    });

    const step = nextRobotStep('customer_arrived');
    if (step) await scheduleStep(tx, deps, pickup.id, step.to, step.delayMs);
    await publishRecord(tx, pickup.id);
    return pickup.id;
  });
}

function scheduleStep(
  tx: Db,
  deps: CurbsideDeps,
  pickupId: string,
  to: RobotStepStatus,
  delayMs: number,
) {
  return deps.schedule(tx, { kind: CURBSIDE_TIMERS.advance, payload: { pickupId, to }, delayMs });
}

// ---------------------------------------------------------------------------------------------
// The robot simulator (timer handlers). Timers run at least once, so each handler first checks
// that the pickup is still where the timer expects it and otherwise does nothing.

function stepMessage(to: RobotStepStatus, robotName: string, spot: string): string {
  switch (to) {
    case 'robot_dispatched':
      return `${robotName} has been dispatched to collect your order.`;
    case 'robot_collecting':
      return `${robotName} is collecting your order inside the store.`;
    case 'robot_en_route':
      return `${robotName} is on its way to parking spot ${spot}.`;
    case 'awaiting_verification':
      return `${robotName} has arrived at parking spot ${spot}. Enter your PIN to open the compartment.`;
  }
}

export const ROBOTS_BUSY_MESSAGE =
  'All robots at the store are busy right now; yours will be dispatched as soon as one is free.';

export async function advancePickup(
  db: Db,
  deps: CurbsideDeps,
  pickupId: string,
  to: RobotStepStatus,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockPickup(tx, pickupId);
    if (!row || nextRobotStep(row.status)?.to !== to) return;

    let robotId = row.robotId;
    if (to === 'robot_dispatched') {
      const robot = await claimRobot(tx, row.storeId, row.id);
      if (!robot) {
        const [last] = await tx
          .select({ message: curbsideTrackingUpdates.message })
          .from(curbsideTrackingUpdates)
          .where(eq(curbsideTrackingUpdates.pickupId, row.id))
          .orderBy(sql`${curbsideTrackingUpdates.id} desc`)
          .limit(1);
        if (last?.message !== ROBOTS_BUSY_MESSAGE) {
          await appendUpdate(tx, row.id, row.status, ROBOTS_BUSY_MESSAGE);
          await publishRecord(tx, row.id);
        }
        await scheduleStep(tx, deps, row.id, to, ROBOT_BUSY_RETRY_MS);
        return;
      }
      robotId = robot.id;
    }

    const remaining = remainingToArrivalMs(to, deps.timeScale);
    const eta = remaining === undefined ? null : new Date(Date.now() + remaining);
    const robotName = await robotNameOf(tx, robotId);
    await transition(
      tx,
      row,
      to,
      stepMessage(to, robotName, row.parkingSpotNumber),
      { robotId, estimatedDeliveryTime: eta },
      eta ?? undefined,
    );

    const next = nextRobotStep(to);
    if (next) await scheduleStep(tx, deps, row.id, next.to, next.delayMs);
    if (to === 'awaiting_verification') {
      await deps.schedule(tx, {
        kind: CURBSIDE_TIMERS.waitTimeout,
        payload: { pickupId: row.id },
        delayMs: ROBOT_WAIT_MS,
      });
    }
    await publishRecord(tx, row.id);
  });
}

/** SPEC section 9: a missed robot waits 5 minutes, then goes to a safe holding location. */
export async function expireRobotWait(db: Db, pickupId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockPickup(tx, pickupId);
    if (row?.status !== 'awaiting_verification') return;
    const robotName = await robotNameOf(tx, row.robotId);
    await transition(
      tx,
      row,
      'failed',
      `${robotName} waited 5 minutes without a PIN and has gone back to a safe holding location ` +
        'with your order. Rescheduling is free: start a new curbside pickup when you are ready.',
      { pinHash: null, estimatedDeliveryTime: null },
    );
    await freeRobot(tx, row);
    await publishRecord(tx, row.id);
  });
}

async function deliver(
  tx: Db,
  deps: CurbsideDeps,
  row: CurbsidePickupRow,
  message: string,
): Promise<void> {
  await transition(tx, row, 'delivered', message, { estimatedDeliveryTime: null });
  const robotName = await robotNameOf(tx, row.robotId);
  await freeRobot(tx, row);
  await markOrderPickedUp(
    tx,
    deps.orderEvents,
    row.orderPickupId,
    `Collected at parking spot ${row.parkingSpotNumber} from ${robotName}`,
  );
}

/** The compartment closes 2 minutes after the PIN if nobody confirmed the collection. */
export async function closeCompartment(
  db: Db,
  deps: CurbsideDeps,
  pickupId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockPickup(tx, pickupId);
    if (row?.status !== 'verified') return;
    await deliver(
      tx,
      deps,
      row,
      'The robot compartment closed after 2 minutes. Your order is marked as delivered.',
    );
    await publishRecord(tx, row.id);
  });
}

// ---------------------------------------------------------------------------------------------
// The customer's actions

export type PinOutcome = 'verified' | 'wrong' | 'failed';

/**
 * `POST /api/curbside-pickups/:id/verify`. The attempt is counted under the row lock, so parallel
 * wrong guesses are decided one by one and never exceed the limit; the right PIN is consumed.
 * Answers the new record, or throws 422 for a wrong PIN (after recording the attempt).
 */
export async function verifyPickupPin(
  db: Db,
  deps: CurbsideDeps,
  userId: string,
  pickupId: string,
  pin: string,
): Promise<CurbsidePickup> {
  const owned = await findOwned(db, userId, pickupId);
  assertTransition(owned.status, 'verified');
  // The candidate is hashed with the stored salt before locking; only the comparison runs under
  // the lock, in constant time.
  const candidate = owned.pinHash ? await hashPinLike(pin, owned.pinHash) : undefined;

  const { outcome, record } = await db.transaction(async (tx) => {
    const row = await lockPickup(tx, pickupId);
    if (!row) throw new NotFoundError(PICKUP_NOT_FOUND_MESSAGE);
    assertTransition(row.status, 'verified');

    if (pinHashMatches(candidate, row.pinHash)) {
      // The PIN opened the compartment: the text message stops showing it (issue 31).
      await redactUsedSecret(tx, pinSentence(row.orderNumber, pin), row.phoneNumber);
      await transition(
        tx,
        row,
        'verified',
        'PIN verified. Please collect your order from the robot compartment.',
        { pinHash: null, estimatedDeliveryTime: null },
      );
      await deps.schedule(tx, {
        kind: CURBSIDE_TIMERS.compartmentClose,
        payload: { pickupId: row.id },
        delayMs: COMPARTMENT_OPEN_MS,
      });
      return { outcome: 'verified' as PinOutcome, record: await publishRecord(tx, row.id) };
    }

    const attempts = row.verificationAttempts + 1;
    if (attempts >= row.maxVerificationAttempts) {
      await transition(tx, row, 'failed', CURBSIDE_FAILED_TEXT, {
        verificationAttempts: attempts,
        pinHash: null,
        estimatedDeliveryTime: null,
      });
      await freeRobot(tx, row);
      return { outcome: 'failed' as PinOutcome, record: await publishRecord(tx, row.id) };
    }
    const remaining = row.maxVerificationAttempts - attempts;
    await tx
      .update(curbsidePickups)
      .set({ verificationAttempts: attempts, updatedAt: sql`clock_timestamp()` })
      .where(eq(curbsidePickups.id, row.id));
    await appendUpdate(
      tx,
      row.id,
      row.status,
      `Incorrect PIN entered. ${remaining} attempt${remaining === 1 ? '' : 's'} remaining.`,
    );
    return { outcome: 'wrong' as PinOutcome, record: await publishRecord(tx, row.id) };
  });

  if (outcome === 'verified') return record;
  throw new HttpError(
    422,
    outcome === 'failed' ? `Invalid PIN. ${CURBSIDE_FAILED_TEXT}` : CURBSIDE_MESSAGES.invalidPin,
  );
}

/** `POST .../collected`: the customer took the order out of the compartment. */
export async function confirmCollected(
  db: Db,
  deps: CurbsideDeps,
  userId: string,
  pickupId: string,
): Promise<CurbsidePickup> {
  await findOwned(db, userId, pickupId);
  return db.transaction(async (tx) => {
    const row = await lockPickup(tx, pickupId);
    if (!row) throw new NotFoundError(PICKUP_NOT_FOUND_MESSAGE);
    await deliver(tx, deps, row, 'Order collected. Thank you for using curbside pickup!');
    return publishRecord(tx, row.id);
  });
}

/** `POST .../cancel`: free until the robot leaves the store (SPEC section 9). */
export async function cancelCurbsidePickup(
  db: Db,
  userId: string,
  pickupId: string,
): Promise<CurbsidePickup> {
  await findOwned(db, userId, pickupId);
  return db.transaction(async (tx) => {
    const row = await lockPickup(tx, pickupId);
    if (!row) throw new NotFoundError(PICKUP_NOT_FOUND_MESSAGE);
    const robotName = row.robotId ? await robotNameOf(tx, row.robotId) : undefined;
    await transition(
      tx,
      row,
      'cancelled',
      'You cancelled this curbside pickup before the robot left the store, free of charge.' +
        (robotName ? ` ${robotName} is returning your order to the store.` : ''),
      { pinHash: null, estimatedDeliveryTime: null },
    );
    await freeRobot(tx, row);
    return publishRecord(tx, row.id);
  });
}
