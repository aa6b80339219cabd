import { asc, eq } from 'drizzle-orm';
import type { Retailer } from 'shared-contracts/retailers';
import type { Db } from '../db/database.ts';
import { isPartnerRetailer } from './accounts.ts';
import { type RetailerRow, retailers } from './schema.ts';

/** The partner strip: retailers that onboarded themselves through the retailer API are not listed. */
export async function listRetailers(db: Db): Promise<Retailer[]> {
  const rows = await db
    .select()
    .from(retailers)
    .where(isPartnerRetailer(retailers.id))
    .orderBy(asc(retailers.position), asc(retailers.id));
  return rows.map(toRetailer);
}

export async function findRetailer(db: Db, id: string): Promise<RetailerRow | undefined> {
  const [row] = await db.select().from(retailers).where(eq(retailers.id, id)).limit(1);
  return row;
}

function toRetailer(row: RetailerRow): Retailer {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    categories: row.categories,
    url: row.url,
    brandColor: row.brandColor,
  };
}
