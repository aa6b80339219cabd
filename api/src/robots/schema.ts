import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from '../stores/schema.ts';

/**
 * The delivery robots of each store's curbside fleet. A robot works on one curbside
 * pickup at a time: `currentPickupId` is set when it is dispatched and cleared when the pickup
 * ends. Claiming a robot updates this row, so two pickups can never take the same robot (the
 * claim is a row lock plus a re-check of `currentPickupId is null`).
 */
export const robots = pgTable(
  'robots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Shown to the customer as `robotName`. */
    name: text('name').notNull(),
    /** The curbside pickup the robot is serving; null when it is free at the store. */
    currentPickupId: uuid('current_pickup_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('robots_store_id_name_key').on(t.storeId, t.name),
    index('robots_current_pickup_id_idx').on(t.currentPickupId),
  ],
);

export type RobotRow = typeof robots.$inferSelect;
