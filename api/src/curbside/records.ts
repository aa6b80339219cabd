// The base of the curbside service: its timers and dependencies, reading a pickup, and the writing
// helpers every step uses (service.ts: arrival and the robot's steps; compartment.ts: the PIN
// and the compartment).
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CURBSIDE_EVENT_TYPE,
  type CurbsidePickup,
  type CurbsideStatus,
} from 'shared-contracts/curbside';
import type { Db } from '../db/database.ts';
import { NotFoundError } from '../http/errors.ts';
import type { OrderPickupEvents } from '../order-pickups/status.ts';
import { publishEvent } from '../realtime/publish.ts';
import { releaseRobot } from '../robots/fleet.ts';
import { robots } from '../robots/schema.ts';
import type { ScheduledTimer, ScheduleTimerInput } from '../simulator/timers.ts';
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

export function toRecord(
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

export async function loadRecord(db: Db, pickupId: string): Promise<CurbsidePickup | undefined> {
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
export async function findOwned(
  db: Db,
  userId: string,
  pickupId: string,
): Promise<CurbsidePickupRow> {
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

export async function lockPickup(tx: Db, pickupId: string): Promise<CurbsidePickupRow | undefined> {
  const [row] = await tx
    .select()
    .from(curbsidePickups)
    .where(eq(curbsidePickups.id, pickupId))
    .for('update');
  return row;
}

export async function appendUpdate(
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

export async function publishRecord(tx: Db, pickupId: string): Promise<CurbsidePickup> {
  const record = await loadRecord(tx, pickupId);
  if (!record) throw new Error(`Curbside pickup ${pickupId} vanished inside its transaction`);
  await publishEvent(tx, curbsideTopic(pickupId), record, { type: CURBSIDE_EVENT_TYPE });
  return record;
}

export type PickupChanges = Partial<
  Pick<
    typeof curbsidePickups.$inferInsert,
    'pinHash' | 'verificationAttempts' | 'robotId' | 'estimatedDeliveryTime'
  >
>;

/** Moves `row` to `to` (409 if the state machine forbids it) and records the timeline entry. */
export async function transition(
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
export async function freeRobot(tx: Db, row: CurbsidePickupRow): Promise<void> {
  if (row.robotId) await releaseRobot(tx, row.robotId, row.id);
}

export async function robotNameOf(tx: Db, robotId: string | null): Promise<string> {
  if (!robotId) return 'The robot';
  const [robot] = await tx.select({ name: robots.name }).from(robots).where(eq(robots.id, robotId));
  return robot?.name ?? 'The robot';
}
