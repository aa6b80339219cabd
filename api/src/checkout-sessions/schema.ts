import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  CHECKOUT_SESSION_STATUSES,
  type CheckoutCustomerInfo,
  type CheckoutItem,
  type CheckoutSessionStatus,
} from 'shared-contracts/checkout';
import { WEIGHT_CLASSES, type WeightClass } from 'shared-contracts/quotes';
import { API_MODES, type ApiMode } from 'shared-contracts/retailer';
import { users } from '../auth/schema.ts';
import { inList } from '../db/sql-helpers.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { retailers } from '../retailers/schema.ts';
import { stores } from '../stores/schema.ts';

/**
 * Who created a session, which decides whether its item prices may back a refund credit:
 * - `retailer_api`: a retailer's key (judged by the key and its account, see refunds/service.ts);
 * - `partner`: server code feeding a partner retailer's orders, vetted by contract;
 * - `development`: the unauthenticated development route, where anyone on the machine can list any
 *   item at any value, so never vetted. It is also the column's default: a session whose origin
 *   nobody recorded is not trusted.
 */
export const CHECKOUT_SESSION_SOURCES = ['retailer_api', 'partner', 'development'] as const;
export type CheckoutSessionSource = (typeof CHECKOUT_SESSION_SOURCES)[number];

/** A retailer's order handed to CurbRun for the customer to choose delivery and pay. */
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
    /** The mode of the key that created it (`sk_test_`/`pk_test_` → test); see test-mode.ts. */
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
