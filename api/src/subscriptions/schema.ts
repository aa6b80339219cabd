import { sql } from 'drizzle-orm';
import {
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
  SUBSCRIPTION_PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionPlanId,
  type SubscriptionStatus,
} from 'shared-contracts/subscriptions';
import { users } from '../auth/schema.ts';
import { inList } from '../db/sql-helpers.ts';
import { paymentMethods, payments } from '../payments/schema.ts';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull().$type<SubscriptionPlanId>(),
    /** Stored as written; a row past its period end reads as `expired` (see service.ts). */
    status: text('status').notNull().$type<SubscriptionStatus>(),
    priceCents: integer('price_cents').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** How renewals are paid: the wallet, or this saved card. */
    renewWith: text('renew_with').notNull().$type<'wallet' | 'card'>(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    latestPaymentId: uuid('latest_payment_id').references(() => payments.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_id_idx').on(t.userId, t.createdAt),
    // One subscription that still gives benefits per person.
    uniqueIndex('subscriptions_one_current_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'cancelled')`),
    check('subscriptions_plan_check', inList(t.planId, SUBSCRIPTION_PLAN_IDS)),
    check('subscriptions_status_check', inList(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_renew_with_check', inList(t.renewWith, ['wallet', 'card'])),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
