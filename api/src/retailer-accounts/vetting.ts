import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { users } from '../auth/schema.ts';
import type { Db } from '../db/database.ts';
import { retailerAccounts } from '../retailers/schema.ts';

/**
 * Vetting: CurbRun covers an item's value only when the price came from a source it
 * trusts. Partner retailers (no self-service account) are vetted by contract; a self-service
 * account is vetted once its business email is verified (the contact email is the owner's own
 * sign-in email, verified by link) and an operator has reviewed it from the command line
 * (`api/scripts/review-retailer.ts`).
 */

/** SQL: the account row's business email is verified. */
const businessEmailVerified = sql`exists (select 1 from ${users}
  where ${users.id} = ${retailerAccounts.ownerUserId}
    and ${users.emailVerifiedAt} is not null
    and ${users.email} = lower(${retailerAccounts.contactEmail}))`;

export type VettingState =
  | { vetted: true }
  | { vetted: false; reason: 'not_found' | 'email_unverified' | 'not_reviewed' };

/** Whether the retailer `retailerId` is vetted: a partner, or a reviewed, verified account. */
export async function retailerVetting(db: Db, retailerId: string): Promise<VettingState> {
  const [account] = await db
    .select({
      reviewed: isNotNull(retailerAccounts.reviewedAt),
      emailVerified: sql<boolean>`${businessEmailVerified}`,
    })
    .from(retailerAccounts)
    .where(eq(retailerAccounts.retailerId, retailerId));
  if (!account) return { vetted: true };
  if (!account.emailVerified) return { vetted: false, reason: 'email_unverified' };
  if (!account.reviewed) return { vetted: false, reason: 'not_reviewed' };
  return { vetted: true };
}

export type ReviewResult = { ok: true; businessName: string } | { ok: false; message: string };

/**
 * The operator's review flag: marks the account of `retailerId` as reviewed, only once its
 * business email is verified (otherwise nothing changes and the message says why).
 */
export async function markRetailerReviewed(db: Db, retailerId: string): Promise<ReviewResult> {
  const [account] = await db
    .select({
      id: retailerAccounts.id,
      businessName: retailerAccounts.businessName,
      contactEmail: retailerAccounts.contactEmail,
      emailVerified: sql<boolean>`${businessEmailVerified}`,
    })
    .from(retailerAccounts)
    .where(eq(retailerAccounts.retailerId, retailerId));
  if (!account) {
    return { ok: false, message: `No self-service retailer account has the id "${retailerId}".` };
  }
  if (!account.emailVerified) {
    return {
      ok: false,
      message: `The business email ${account.contactEmail} of ${account.businessName} is not verified: it must be the owner's sign-in email, confirmed through the verification link.`,
    };
  }
  await db
    .update(retailerAccounts)
    .set({
      reviewedAt: sql`coalesce(${retailerAccounts.reviewedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(and(eq(retailerAccounts.id, account.id)));
  return { ok: true, businessName: account.businessName };
}
