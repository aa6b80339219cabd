import { and, eq, notInArray, sql } from 'drizzle-orm';
import {
  CURBSIDE_FINAL_STATUSES,
  type CurbsideArrival,
  type CurbsidePickup,
  MAX_VERIFICATION_ATTEMPTS,
} from 'shared-contracts/curbside';
import type { Db } from '../db/database.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { REDACTED, sendNotification } from '../outbox/service.ts';
import { claimRobot, ensureFleet } from '../robots/fleet.ts';
import { pinSentence } from './compartment.ts';
import {
  type CurbsideOrder,
  describeOrderStatus,
  findCallersOrder,
  isEligibleForCurbside,
} from './orders.ts';
import { generatePin, hashPin } from './pin.ts';
import {
  appendUpdate,
  CURBSIDE_TIMERS,
  type CurbsideDeps,
  findOwned,
  freeRobot,
  lockPickup,
  PICKUP_NOT_FOUND_MESSAGE,
  publishRecord,
  robotNameOf,
  transition,
} from './records.ts';
import {
  nextRobotStep,
  ROBOT_BUSY_RETRY_MS,
  ROBOT_WAIT_MS,
  type RobotStepStatus,
  remainingToArrivalMs,
} from './robot-schedule.ts';
import { curbsidePickups, curbsideTrackingUpdates } from './schema.ts';
import { assertTransition } from './state-machine.ts';

export {
  closeCompartment,
  confirmCollected,
  type PinOutcome,
  verifyPickupPin,
} from './compartment.ts';
export {
  assertOwnsPickup,
  CURBSIDE_TIMERS,
  type CurbsideDeps,
  curbsideTopic,
  getCurbsidePickup,
  PICKUP_NOT_FOUND_MESSAGE,
} from './records.ts';

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
  // for unknown, foreign or finished orders are refused at the price of one query.
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

    // The record is born at the curb, but its timeline starts at the first status, order_ready.
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
      // The PIN leaves the outbox once sent, or once no pickup could still need it, so the
      // outbox never keeps a secret that still opens something (docs/security.md).
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

/** A missed robot waits 5 minutes, then goes to a safe holding location. */
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

/** `POST .../cancel`: free until the robot leaves the store. */
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
