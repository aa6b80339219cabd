import { eq, sql } from 'drizzle-orm';
import { RETAILER_MESSAGES } from 'shared-contracts/retailer';
import type { Db } from '../db/database.ts';
import { NotFoundError } from '../http/errors.ts';
import { type RetailerAccountRow, retailerAccounts } from './schema.ts';

// Who owns a retailer, for every domain that serves a retailer's own pages and API (keys,
// webhooks, leasing, the dashboard); onboarding is retailer-accounts/.

export async function findAccountOfUser(
  db: Db,
  userId: string,
): Promise<RetailerAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(retailerAccounts)
    .where(eq(retailerAccounts.ownerUserId, userId));
  return row;
}

/** The caller's account, or 404 with a pointer to onboarding. */
export async function requireAccountOfUser(db: Db, userId: string): Promise<RetailerAccountRow> {
  const row = await findAccountOfUser(db, userId);
  if (!row) throw new NotFoundError(RETAILER_MESSAGES.noAccount);
  return row;
}

/** SQL: the retailer behind `column` has no onboarded account (it is a listed partner). */
export const isPartnerRetailer = (column: unknown) =>
  sql`not exists (select 1 from ${retailerAccounts} where ${retailerAccounts.retailerId} = ${column})`;
