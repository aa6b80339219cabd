import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { API_MODES, type ApiMode } from 'shared-contracts/retailer';
import { apiKeys } from '../api-keys/schema.ts';
import { inList } from '../db/sql-helpers.ts';
import { deliveries } from '../deliveries/schema.ts';
import { checkoutSessions } from '../order-pickups/schema.ts';
import { retailerAccounts } from '../retailers/schema.ts';

/**
 * Which retailer account and mode (test or live) created a checkout session through the API or
 * the widget. A delivery belongs to a retailer's test or live data through its checkout session.
 */
export const retailerCheckouts = pgTable(
  'retailer_checkouts',
  {
    checkoutSessionId: uuid('checkout_session_id')
      .primaryKey()
      .references(() => checkoutSessions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => retailerAccounts.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull().$type<ApiMode>(),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** The page origin, for sessions opened by the widget. */
    origin: text('origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('retailer_checkouts_account_idx').on(t.accountId, t.mode, t.createdAt),
    check('retailer_checkouts_mode_check', inList(t.mode, API_MODES)),
  ],
);

export type RetailerCheckoutRow = typeof retailerCheckouts.$inferSelect;

/**
 * What the retailer side has already announced of each retailer delivery: the last timeline row
 * (`delivery_updates.id`) turned into webhooks and live dashboard events. The sync reads the
 * timeline after it, so every status change is announced once, in order, even across restarts.
 */
export const retailerDeliveryStates = pgTable(
  'retailer_delivery_states',
  {
    deliveryId: uuid('delivery_id')
      .primaryKey()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => retailerAccounts.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull().$type<ApiMode>(),
    lastUpdateId: bigint('last_update_id', { mode: 'number' }).notNull(),
    lastStatus: text('last_status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('retailer_delivery_states_account_idx').on(t.accountId, t.mode)],
);
