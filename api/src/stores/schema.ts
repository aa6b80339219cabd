import {
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  METRO_AREAS,
  type MetroArea,
  type OpeningHours,
  type StoreService,
} from 'shared-contracts/stores';
import { inList } from '../db/sql-helpers.ts';
import { retailers } from '../retailers/schema.ts';

export const stores = pgTable(
  'stores',
  {
    /** Readable slug (`macys-galleria-dallas`), stable across re-seeds. */
    id: text('id').primaryKey(),
    retailerId: text('retailer_id')
      .notNull()
      .references(() => retailers.id),
    name: text('name').notNull(),
    addressLine: text('address_line').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    metroArea: text('metro_area').notNull().$type<MetroArea>(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    hours: jsonb('hours').notNull().$type<OpeningHours[]>(),
    services: text('services').array().notNull().$type<StoreService[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stores_retailer_id_idx').on(t.retailerId),
    check('stores_metro_area_check', inList(t.metroArea, METRO_AREAS)),
  ],
);

export type StoreRow = typeof stores.$inferSelect;
