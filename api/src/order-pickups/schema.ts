import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DeliveryAddress } from 'shared-contracts/addresses';
import {
  CHECKOUT_SESSION_STATUSES,
  type CheckoutCustomerInfo,
  type CheckoutItem,
  type CheckoutSessionStatus,
} from 'shared-contracts/checkout';
import { ORDER_PICKUP_STATUSES, type OrderPickupStatus } from 'shared-contracts/order-pickups';
import {
  DELIVERY_TYPES,
  DELIVERY_WINDOWS,
  DELIVERY_ZONES,
  type DeliveryType,
  type DeliveryWindow,
  type DeliveryZone,
  type FeeLine,
  WEIGHT_CLASSES,
  type WeightClass,
} from 'shared-contracts/quotes';
import { API_MODES, type ApiMode } from 'shared-contracts/retailer';
import { addresses } from '../addresses/schema.ts';
import { users } from '../auth/schema.ts';
import { inList } from '../db/sql-helpers.ts';
import { payments } from '../payments/schema.ts';
import { retailers } from '../retailers/schema.ts';
import { stores } from '../stores/schema.ts';

/**
 * Order numbers `CR-100500` onwards (the demo data uses CR-1002xx). A sequence, so two orders
 * created at once can never collide; six digits keep the `CR-\d{6}` format of the curbside form.
 */
export const orderPickupNumberSeq = pgSequence('order_pickup_number_seq', {
  startWith: 100500,
  minValue: 100500,
  maxValue: 999999,
});

export const ORDER_PICKUP_SOURCES = ['schedule', 'checkout'] as const;
export type OrderPickupSource = (typeof ORDER_PICKUP_SOURCES)[number];

/**
 * Order pickups: a retailer's in-store pickup order that CurbRun brings to the curb or home.
 * Money columns are integer cents; `totalCents = feeCents + tipCents`. Rows from before orders
 * were paid (demo data) keep the column defaults and no payment.
 */
export const orderPickups = pgTable(
  'order_pickups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number')
      .notNull()
      .unique('order_pickups_order_number_key')
      .default(sql`'CR-' || nextval('order_pickup_number_seq')::text`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    status: text('status').notNull().default('pending').$type<OrderPickupStatus>(),
    source: text('source').notNull().default('schedule').$type<OrderPickupSource>(),
    /**
     * False for an order made by a test-mode checkout session: simulated, kept out of the
     * customer's lists and history and of every live view (checkout-sessions/test-mode.ts).
     */
    livemode: boolean('livemode').notNull().default(true),
    deliveryType: text('delivery_type').notNull().default('curbside').$type<DeliveryType>(),
    /** The retailer's own order number, as the customer typed it. */
    retailerOrderNumber: text('retailer_order_number'),
    /** The name the retailer's order is under. */
    customerName: text('customer_name'),
    bags: integer('bags').notNull().default(1),
    weightClass: text('weight_class').notNull().default('small').$type<WeightClass>(),
    notes: text('notes'),
    /** Home delivery only: a copy of the address, so editing a saved address changes no order. */
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    window: text('delivery_window').$type<DeliveryWindow>(),
    windowStartsAt: timestamp('window_starts_at', { withTimezone: true }),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }),
    zone: text('zone').$type<DeliveryZone>(),
    distanceMiles: doublePrecision('distance_miles'),
    feeLines: jsonb('fee_lines').notNull().default([]).$type<FeeLine[]>(),
    feeCents: integer('fee_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    tipCents: integer('tip_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_pickups_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('order_pickups_payment_id_idx').on(t.paymentId),
    check('order_pickups_status_check', inList(t.status, ORDER_PICKUP_STATUSES)),
    check('order_pickups_source_check', inList(t.source, ORDER_PICKUP_SOURCES)),
    check('order_pickups_delivery_type_check', inList(t.deliveryType, DELIVERY_TYPES)),
    check('order_pickups_weight_class_check', inList(t.weightClass, WEIGHT_CLASSES)),
    check(
      'order_pickups_window_check',
      sql`${t.window} is null or ${inList(t.window, DELIVERY_WINDOWS)}`,
    ),
    check('order_pickups_zone_check', sql`${t.zone} is null or ${inList(t.zone, DELIVERY_ZONES)}`),
    check('order_pickups_bags_check', sql`${t.bags} between 1 and 20`),
    check(
      'order_pickups_money_check',
      sql`${t.feeCents} >= 0 and ${t.discountCents} >= 0 and ${t.tipCents} >= 0 and ${t.totalCents} = ${t.feeCents} + ${t.tipCents}`,
    ),
    check(
      'order_pickups_home_address_check',
      sql`${t.deliveryType} <> 'home' or ${t.deliveryAddress} is not null`,
    ),
  ],
);

export type OrderPickupRow = typeof orderPickups.$inferSelect;

/** Every status an order pickup has been in, with when: the order's timestamps. */
export const orderPickupStatusChanges = pgTable(
  'order_pickup_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderPickupId: uuid('order_pickup_id')
      .notNull()
      .references(() => orderPickups.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<OrderPickupStatus>(),
    toStatus: text('to_status').notNull().$type<OrderPickupStatus>(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_pickup_status_changes_order_idx').on(t.orderPickupId, t.id)],
);

export type OrderPickupStatusChangeRow = typeof orderPickupStatusChanges.$inferSelect;

/**
 * Who created a checkout session, which decides whether its item prices may back a refund credit:
 * a retailer's key (`retailer_api`, judged by the key and its account), server code feeding a
 * partner's orders (`partner`), or the unauthenticated development route (`development`, never
 * vetted: anyone on the machine can list any item at any value). The column's default is
 * `development`, so a session whose origin nobody recorded is not trusted.
 */
export const CHECKOUT_SESSION_SOURCES = ['retailer_api', 'partner', 'development'] as const;
export type CheckoutSessionSource = (typeof CHECKOUT_SESSION_SOURCES)[number];

/**
 * A retailer's order handed to CurbRun for the customer to choose delivery and pay. Kept with the
 * orders it becomes (an order's detail names its session); the checkout flow is checkout-sessions/.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    retailerId: text('retailer_id')
      .notNull()
      .references(() => retailers.id),
    storeId: text('store_id').references(() => stores.id),
    retailerOrderNumber: text('retailer_order_number').notNull(),
    items: jsonb('items').notNull().$type<CheckoutItem[]>(),
    customerInfo: jsonb('customer_info').notNull().$type<CheckoutCustomerInfo>(),
    bags: integer('bags').notNull(),
    weightClass: text('weight_class').notNull().$type<WeightClass>(),
    /** `open` or `completed`; an open session past `expiresAt` reads as `expired`. */
    status: text('status').notNull().default('open').$type<CheckoutSessionStatus>(),
    /** The mode of the key that created it (`sk_test_`/`pk_test_` → test); see checkout-sessions/test-mode.ts. */
    mode: text('mode').notNull().default('live').$type<ApiMode>(),
    source: text('source').notNull().default('development').$type<CheckoutSessionSource>(),
    orderPickupId: uuid('order_pickup_id')
      .unique('checkout_sessions_order_pickup_id_key')
      .references(() => orderPickups.id, { onDelete: 'set null' }),
    completedByUserId: uuid('completed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkout_sessions_retailer_id_idx').on(t.retailerId, t.createdAt),
    check('checkout_sessions_mode_check', inList(t.mode, API_MODES)),
    check('checkout_sessions_source_check', inList(t.source, CHECKOUT_SESSION_SOURCES)),
    check('checkout_sessions_status_check', inList(t.status, CHECKOUT_SESSION_STATUSES)),
    check('checkout_sessions_weight_class_check', inList(t.weightClass, WEIGHT_CLASSES)),
    check('checkout_sessions_bags_check', sql`${t.bags} between 1 and 20`),
  ],
);

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
