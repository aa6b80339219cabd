import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { robots } from './schema.ts';

/** Robots per store. A fourth customer at once waits for the first free robot. */
export const FLEET_SIZE = 3;

const ROBOT_NAMES = [
  'Atlas',
  'Bolt',
  'Comet',
  'Dash',
  'Echo',
  'Flux',
  'Gizmo',
  'Juno',
  'Koda',
  'Luma',
  'Milo',
  'Nova',
  'Orbit',
  'Pixel',
  'Rover',
  'Scout',
  'Sprocket',
  'Zippy',
] as const;

/**
 * The names of a store's fleet: FLEET_SIZE distinct names chosen from the store id, so every
 * process (and every restart) agrees on them without a seed step.
 */
export function fleetNames(storeId: string): string[] {
  const digest = createHash('sha256').update(storeId).digest();
  const names: string[] = [];
  for (let i = 0; names.length < FLEET_SIZE; i += 1) {
    const name = `CurbBot ${ROBOT_NAMES[(digest[i % digest.length] ?? 0) % ROBOT_NAMES.length]}`;
    if (!names.includes(name)) names.push(name);
    if (i > 64) names.push(`CurbBot ${names.length + 1}`);
  }
  return names;
}

/** Creates the store's fleet the first time it is needed; safe to call from any process. */
export async function ensureFleet(db: Db, storeId: string): Promise<void> {
  await db
    .insert(robots)
    .values(fleetNames(storeId).map((name) => ({ storeId, name })))
    .onConflictDoNothing({ target: [robots.storeId, robots.name] });
}

export interface AssignedRobot {
  id: string;
  name: string;
}

/**
 * Assigns a free robot of the store to the pickup, or returns undefined when all are busy. The
 * candidate row is locked (skipping rows another transaction is claiming) and re-checked, so two
 * pickups never get the same robot, across processes too.
 */
export async function claimRobot(
  db: Db,
  storeId: string,
  pickupId: string,
): Promise<AssignedRobot | undefined> {
  const candidate = db
    .select({ id: robots.id })
    .from(robots)
    .where(and(eq(robots.storeId, storeId), isNull(robots.currentPickupId)))
    .orderBy(asc(robots.name))
    .limit(1)
    .for('update', { skipLocked: true });
  const [robot] = await db
    .update(robots)
    .set({ currentPickupId: pickupId, assignedAt: sql`clock_timestamp()` })
    .where(and(eq(robots.id, sql`(${candidate})`), isNull(robots.currentPickupId)))
    .returning({ id: robots.id, name: robots.name });
  return robot;
}

/** Frees the robot if it is still serving this pickup (idempotent). */
export async function releaseRobot(db: Db, robotId: string, pickupId: string): Promise<void> {
  await db
    .update(robots)
    .set({ currentPickupId: null, assignedAt: null })
    .where(and(eq(robots.id, robotId), eq(robots.currentPickupId, pickupId)));
}
