import { asc, eq } from 'drizzle-orm';
import type { Store } from 'shared-contracts/stores';
import type { Db } from '../db/database.ts';
import { isPartnerRetailer } from '../retailers/accounts.ts';
import { retailers } from '../retailers/schema.ts';
import { type StoreRow, stores } from './schema.ts';

export async function listStores(db: Db): Promise<Store[]> {
  const rows = await db
    .select({ store: stores, retailer: { id: retailers.id, name: retailers.name } })
    .from(stores)
    .innerJoin(retailers, eq(stores.retailerId, retailers.id))
    // Stores of self-onboarded retailers are reached through their own checkout, not listed.
    .where(isPartnerRetailer(retailers.id))
    .orderBy(asc(stores.metroArea), asc(stores.city), asc(stores.name));
  return rows.map(({ store, retailer }) => ({
    id: store.id,
    name: store.name,
    retailer,
    addressLine: store.addressLine,
    city: store.city,
    state: store.state,
    zip: store.zip,
    metroArea: store.metroArea,
    location: { lat: store.lat, lng: store.lng },
    hours: store.hours,
    services: store.services,
  }));
}

/** Every store of one retailer, oldest first. */
export async function retailerStores(db: Db, retailerId: string): Promise<StoreRow[]> {
  return db
    .select()
    .from(stores)
    .where(eq(stores.retailerId, retailerId))
    .orderBy(asc(stores.createdAt), asc(stores.id));
}
