// The robot's compartment: the PIN that opens it (checked under the row lock, attempts counted),
// the customer's confirmation that the order was collected, and the compartment closing by itself.
import { eq, sql } from 'drizzle-orm';
import {
  CURBSIDE_FAILED_TEXT,
  CURBSIDE_MESSAGES,
  type CurbsidePickup,
} from 'shared-contracts/curbside';
import type { Db } from '../db/database.ts';
import { HttpError, NotFoundError } from '../http/errors.ts';
import { redactUsedSecret } from '../outbox/service.ts';
import { markOrderPickedUp } from './orders.ts';
import { hashPinLike, pinHashMatches } from './pin.ts';
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
import { COMPARTMENT_OPEN_MS } from './robot-schedule.ts';
import { type CurbsidePickupRow, curbsidePickups } from './schema.ts';
import { assertTransition } from './state-machine.ts';

/** The part of the PIN text message unique to one pickup's PIN. */
export const pinSentence = (orderNumber: string, pin: string) =>
  `your PIN for order ${orderNumber} is ${pin}.`;

/**
 * The order is out of the compartment: the pickup is delivered, its robot free, its order picked
 * up.
 */
export async function deliver(
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
      // The PIN opened the compartment: the text message stops showing it (docs/security.md).
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
