import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RetailerCategory } from 'shared-contracts/retailers';
import { users } from '../auth/schema.ts';

export const retailers = pgTable('retailers', {
  /** URL slug, e.g. `foot-locker`. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  image: text('image').notNull(),
  categories: text('categories').array().notNull().$type<RetailerCategory[]>(),
  url: text('url').notNull(),
  brandColor: text('brand_color').notNull(),
  /** Order of the partner strip on the home page. */
  position: integer('position').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type RetailerRow = typeof retailers.$inferSelect;

/**
 * A retailer's own account: the business behind a `retailers` row, owned by the user
 * who onboarded it. Its stores are ordinary `stores` rows of that retailer, so checkout sessions,
 * quotes and deliveries work for it exactly as for the partner retailers.
 */
export const retailerAccounts = pgTable('retailer_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  retailerId: text('retailer_id')
    .notNull()
    .unique('retailer_accounts_retailer_id_key')
    .references(() => retailers.id),
  /** One account per user: the owner who created it. */
  ownerUserId: uuid('owner_user_id')
    .notNull()
    .unique('retailer_accounts_owner_user_id_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  website: text('website').notNull(),
  contactName: text('contact_name').notNull(),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone').notNull(),
  /** Origins the checkout widget may be used from (publishable keys). */
  allowedDomains: text('allowed_domains').array().notNull().default([]),
  /**
   * When an operator reviewed the business (`api/scripts/review-retailer.ts`). With a
   * verified business email it makes the retailer vetted: only then do the item prices it sends
   * back an automatic item credit.
   */
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type RetailerAccountRow = typeof retailerAccounts.$inferSelect;
