import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RetailerCategory } from 'shared-contracts/retailers';

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
