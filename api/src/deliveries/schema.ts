import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Location } from 'shared-contracts/addresses';
import type { CurbsideStatus } from 'shared-contracts/curbside';
import {
  COURIER_FLEETS,
  type CourierFleet,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type Place,
  PROOF_KINDS,
  type ProofKind,
} from 'shared-contracts/deliveries';
import { DELIVERY_TYPES, type DeliveryType } from 'shared-contracts/quotes';
import { users } from '../auth/schema.ts';
import { bytea } from '../db/bytea.ts';
import { inList } from '../db/sql-helpers.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { stores } from '../stores/schema.ts';

/**
 * Deliveries: one per order pickup, created by dispatch when the order is confirmed and
 * moved by the courier simulator (home) or by the curbside pickup (robots).
 *
 * The courier's position is not stored tick by tick: the current leg (`route`, `legStartedAt`,
 * `legDurationMs`, `traffic`) determines it at any instant, so a read between two simulator ticks,
 * or after a restart, still answers where the courier is.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderPickupId: uuid('order_pickup_id')
      .notNull()
      .references(() => orderPickups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    deliveryType: text('delivery_type').notNull().$type<DeliveryType>(),
    status: text('status').notNull().$type<DeliveryStatus>(),
    fleet: text('fleet').notNull().$type<CourierFleet>(),
    dispatchReason: text('dispatch_reason').notNull(),
    /** What the courier costs us (partner fee or in-house estimate), for the dispatch choice. */
    courierCostCents: integer('courier_cost_cents').notNull(),
    courierName: text('courier_name'),
    vehicle: text('vehicle'),
    /** Average speed without traffic, miles per hour of simulated time. */
    speedMph: doublePrecision('speed_mph').notNull(),
    /** Simulated minutes from dispatch until the courier is at the store. */
    pickupLeadMinutes: doublePrecision('pickup_lead_minutes').notNull(),
    signatureRequired: boolean('signature_required').notNull().default(false),
    origin: jsonb('origin').notNull().$type<Place>(),
    destination: jsonb('destination').notNull().$type<Place>(),
    holdingLocation: jsonb('holding_location').$type<Place>(),
    /** The current leg: store → destination, or holding location → destination after a reschedule. */
    route: jsonb('route').notNull().$type<Location[]>(),
    routeMiles: doublePrecision('route_miles').notNull(),
    /** Speed factor per equal stretch of the leg (traffic); [1] for robots. */
    traffic: jsonb('traffic').notNull().$type<number[]>(),
    legStartedAt: timestamp('leg_started_at', { withTimezone: true }),
    /** Real milliseconds the leg takes (simulated duration × time scale). */
    legDurationMs: integer('leg_duration_ms'),
    /** SIM_TIME_SCALE when the leg started, so ETAs stay consistent for that leg. */
    timeScale: doublePrecision('time_scale').notNull(),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    attempt: integer('attempt').notNull().default(1),
    /** Curbside orders: the curbside pickup and its status last mirrored onto this delivery. */
    curbsidePickupId: uuid('curbside_pickup_id'),
    curbsideStatus: text('curbside_status').$type<CurbsideStatus>(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One delivery per order: a missed hand-over is rescheduled as a new attempt of the same one.
    uniqueIndex('deliveries_order_pickup_id_key').on(t.orderPickupId),
    index('deliveries_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('deliveries_store_fleet_status_idx').on(t.storeId, t.fleet, t.status),
    check('deliveries_status_check', inList(t.status, DELIVERY_STATUSES)),
    check('deliveries_fleet_check', inList(t.fleet, COURIER_FLEETS)),
    check('deliveries_delivery_type_check', inList(t.deliveryType, DELIVERY_TYPES)),
    check('deliveries_attempt_check', sql`${t.attempt} >= 1`),
  ],
);

export type DeliveryRow = typeof deliveries.$inferSelect;

/** The delivery's timeline: one row per status change and notable event, in order. */
export const deliveryUpdates = pgTable(
  'delivery_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    status: text('status').notNull().$type<DeliveryStatus>(),
    message: text('message').notNull(),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('delivery_updates_delivery_id_idx').on(t.deliveryId, t.id)],
);

export type DeliveryUpdateRow = typeof deliveryUpdates.$inferSelect;

/**
 * Proof of delivery: a photo or signature image the simulated courier's app produced (PNG, made
 * by the server), or a PIN hand-over without an image. Served only to the delivery's owner.
 */
export const deliveryProofs = pgTable(
  'delivery_proofs',
  {
    deliveryId: uuid('delivery_id')
      .primaryKey()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<ProofKind>(),
    description: text('description').notNull(),
    contentType: text('content_type'),
    image: bytea('image'),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_proofs_kind_check', inList(t.kind, PROOF_KINDS)),
    check(
      'delivery_proofs_image_check',
      sql`(${t.kind} = 'pin') = (${t.image} is null and ${t.contentType} is null)`,
    ),
  ],
);

export type DeliveryProofRow = typeof deliveryProofs.$inferSelect;
