import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CURBSIDE_FINAL_STATUSES,
  CURBSIDE_STATUSES,
  type CurbsideStatus,
} from 'shared-contracts/curbside';
import { users } from '../auth/schema.ts';
import { inList } from '../db/sql-helpers.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { robots } from '../robots/schema.ts';
import { stores } from '../stores/schema.ts';

/**
 * Curbside pickups. The PIN is never stored, only its salted scrypt hash,
 * and that is cleared once the PIN has been used.
 */
export const curbsidePickups = pgTable(
  'curbside_pickups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderPickupId: uuid('order_pickup_id')
      .notNull()
      .references(() => orderPickups.id, { onDelete: 'cascade' }),
    /** Copied from the order so the record reads without a join (order numbers never change). */
    orderNumber: text('order_number').notNull(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    customerName: text('customer_name').notNull(),
    parkingSpotNumber: text('parking_spot_number').notNull(),
    phoneNumber: text('phone_number').notNull(),
    vehicleDescription: text('vehicle_description'),
    specialInstructions: text('special_instructions'),
    status: text('status').notNull().$type<CurbsideStatus>(),
    pinHash: text('pin_hash'),
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    maxVerificationAttempts: integer('max_verification_attempts').notNull(),
    robotId: uuid('robot_id').references(() => robots.id),
    estimatedDeliveryTime: timestamp('estimated_delivery_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('curbside_pickups_user_id_created_at_idx').on(t.userId, t.createdAt),
    // One active curbside pickup per order; finished ones stay as history.
    uniqueIndex('curbside_pickups_active_order_key')
      .on(t.orderPickupId)
      .where(
        sql`${t.status} not in (${sql.raw(CURBSIDE_FINAL_STATUSES.map((s) => `'${s}'`).join(', '))})`,
      ),
    check('curbside_pickups_status_check', inList(t.status, CURBSIDE_STATUSES)),
    check(
      'curbside_pickups_attempts_check',
      sql`${t.verificationAttempts} >= 0 and ${t.verificationAttempts} <= ${t.maxVerificationAttempts}`,
    ),
  ],
);

export type CurbsidePickupRow = typeof curbsidePickups.$inferSelect;

/** The delivery timeline: one row per transition (and per wrong PIN), in order. */
export const curbsideTrackingUpdates = pgTable(
  'curbside_tracking_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pickupId: uuid('pickup_id')
      .notNull()
      .references(() => curbsidePickups.id, { onDelete: 'cascade' }),
    status: text('status').notNull().$type<CurbsideStatus>(),
    message: text('message').notNull(),
    estimatedArrival: timestamp('estimated_arrival', { withTimezone: true }),
    // clock_timestamp(): several updates written in one transaction keep distinct, ordered times.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('curbside_tracking_updates_pickup_id_idx').on(t.pickupId, t.id),
    check('curbside_tracking_updates_status_check', inList(t.status, CURBSIDE_STATUSES)),
  ],
);

export type CurbsideTrackingUpdateRow = typeof curbsideTrackingUpdates.$inferSelect;
