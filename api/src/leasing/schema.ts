import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  LEASE_PLAN_IDS,
  type LeasePlanId,
  ROBOT_MODEL_IDS,
  type RobotModelId,
} from 'shared-contracts/leasing';
import { users } from '../auth/schema.ts';
import { inList } from '../db/sql-helpers.ts';
import { retailerAccounts } from '../retailers/schema.ts';
import { stores } from '../stores/schema.ts';

/** Robot leases signed by retailers; the first month is charged at signing (integer cents). */
export const robotLeases = pgTable(
  'robot_leases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `RL-` and 8 characters, shown on the confirmation. */
    leaseNumber: text('lease_number').notNull().unique('robot_leases_lease_number_key'),
    accountId: uuid('account_id')
      .notNull()
      .references(() => retailerAccounts.id, { onDelete: 'cascade' }),
    signedByUserId: uuid('signed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    modelId: text('model_id').notNull().$type<RobotModelId>(),
    planId: text('plan_id').notNull().$type<LeasePlanId>(),
    quantity: integer('quantity').notNull(),
    unitMonthlyCents: integer('unit_monthly_cents').notNull(),
    volumeDiscountPercent: integer('volume_discount_percent').notNull(),
    monthlyCents: integer('monthly_cents').notNull(),
    termMonths: integer('term_months').notNull(),
    totalCents: integer('total_cents').notNull(),
    paidTodayCents: integer('paid_today_cents').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    providerChargeId: text('provider_charge_id').notNull(),
    status: text('status').notNull().default('active').$type<'active'>(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('robot_leases_account_idx').on(t.accountId, t.createdAt),
    check('robot_leases_model_check', inList(t.modelId, ROBOT_MODEL_IDS)),
    check('robot_leases_plan_check', inList(t.planId, LEASE_PLAN_IDS)),
    check('robot_leases_quantity_check', sql`${t.quantity} between 1 and 50`),
  ],
);

export type RobotLeaseRow = typeof robotLeases.$inferSelect;
