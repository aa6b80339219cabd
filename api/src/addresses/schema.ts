import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { METRO_AREAS, type MetroArea } from 'shared-contracts/stores';
import { users } from '../auth/schema.ts';
import { inList } from '../db/sql-helpers.ts';

/** Saved delivery addresses, placed on the map by the gazetteer when saved. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    instructions: text('instructions'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    metroArea: text('metro_area').notNull().$type<MetroArea>(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_id_idx').on(t.userId, t.createdAt),
    // At most one default per person.
    uniqueIndex('addresses_one_default_per_user').on(t.userId).where(sql`${t.isDefault}`),
    check('addresses_metro_area_check', inList(t.metroArea, METRO_AREAS)),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
