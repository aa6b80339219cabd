import { and, asc, eq, like, or, sql } from 'drizzle-orm';
import {
  type CreatedRetailerAccount,
  RETAILER_MESSAGES,
  type RetailerAccount,
  type retailerAccountInputSchema,
} from 'shared-contracts/retailer';
import type { OpeningHours } from 'shared-contracts/stores';
import type { z } from 'zod';
import { geocodeAddress } from '../addresses/geocode.ts';
import { issueInitialKeys } from '../api-keys/service.ts';
import type { Db } from '../db/database.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors.ts';
import { findAccountOfUser, requireAccountOfUser } from '../retailers/accounts.ts';
import { type RetailerAccountRow, retailerAccounts, retailers } from '../retailers/schema.ts';
import { type StoreRow, stores } from '../stores/schema.ts';
import { displayNameKey } from './display-name-key.ts';

/** New stores open 9–21 on weekdays and Saturdays, 10–18 on Sundays, until the retailer says. */
const DEFAULT_HOURS: OpeningHours[] = [
  ...(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const).map((day) => ({
    day,
    opens: '09:00',
    closes: '21:00',
  })),
  { day: 'sunday', opens: '10:00', closes: '18:00' },
];

/** "Acme Outfitters, Inc." → `acme-outfitters-inc`: the retailer id in URLs and the API. */
export function slugify(text: string, maxLength = 40): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || 'retailer';
}

/**
 * Refuses a display name that a partner retailer or another retailer already has, compared by
 * `displayNameKey` (look-alikes are one name): a self-service account must not pass itself off
 * as a brand in checkout, the widget or emails. Called inside onboarding's transaction, after the
 * lock that serialises onboardings. Every name is keyed here, in one place, so a change of the
 * key never leaves stale keys stored beside the names; onboarding is rare.
 */
async function assertDisplayNameFree(tx: Db, businessName: string): Promise<void> {
  const wanted = displayNameKey(businessName);
  const existing = await tx
    .select({ name: retailers.name, account: retailerAccounts.id })
    .from(retailers)
    .leftJoin(retailerAccounts, eq(retailerAccounts.retailerId, retailers.id));
  const clashes = existing.filter((retailer) => displayNameKey(retailer.name) === wanted);
  if (clashes.length === 0) return;
  // A retailer without an account is a listed partner.
  const message = clashes.some((clash) => clash.account === null)
    ? RETAILER_MESSAGES.businessNameIsPartner
    : RETAILER_MESSAGES.businessNameTaken;
  throw new ConflictError(message, [{ path: 'businessName', message }]);
}

/** `base`, else `base-2`, `base-3`, … whichever is free among `taken`. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function storesOf(db: Db, retailerId: string): Promise<StoreRow[]> {
  return db
    .select()
    .from(stores)
    .where(eq(stores.retailerId, retailerId))
    .orderBy(asc(stores.createdAt), asc(stores.id));
}

export function toRetailerAccount(row: RetailerAccountRow, storeRows: StoreRow[]): RetailerAccount {
  return {
    id: row.id,
    retailerId: row.retailerId,
    businessName: row.businessName,
    website: row.website,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    stores: storeRows.map((store) => ({
      id: store.id,
      name: store.name,
      addressLine: store.addressLine,
      city: store.city,
      state: store.state,
      zip: store.zip,
      metroArea: store.metroArea,
      location: { lat: store.lat, lng: store.lng },
      services: store.services,
    })),
    allowedDomains: row.allowedDomains,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getRetailerAccount(db: Db, userId: string): Promise<RetailerAccount> {
  const row = await requireAccountOfUser(db, userId);
  return toRetailerAccount(row, await storesOf(db, row.retailerId));
}

/**
 * Onboarding: the retailer (a `retailers` row, hidden from the partner strip), its stores placed
 * by the gazetteer, the account owned by `userId`, and its keys, all in one transaction. The
 * secret keys are returned whole this once.
 */
export async function createRetailerAccount(
  db: Db,
  input: { userId: string; data: z.output<typeof retailerAccountInputSchema> },
): Promise<CreatedRetailerAccount> {
  const { data } = input;
  // Place every store first: a ZIP outside the three metros is the person's mistake to fix.
  const placed = data.stores.map((store, index) => {
    try {
      return { store, geo: geocodeAddress(store) };
    } catch (error) {
      if (error instanceof BadRequestError) {
        throw new BadRequestError(error.message, [
          { path: `stores.${index}.zip`, message: error.message },
        ]);
      }
      throw error;
    }
  });

  return db.transaction(async (tx) => {
    // Two onboardings of one user at once: the second waits, then finds the first.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`retailer-account:${input.userId}`}, 0))`,
    );
    if (await findAccountOfUser(tx, input.userId)) {
      throw new ConflictError(RETAILER_MESSAGES.accountExists);
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('retailer-slugs', 0))`);
    await assertDisplayNameFree(tx, data.businessName);
    const base = slugify(data.businessName);
    const taken = await tx
      .select({ id: retailers.id })
      .from(retailers)
      .where(or(eq(retailers.id, base), like(retailers.id, `${base}-%`)));
    const retailerId = firstFreeSlug(base, new Set(taken.map((row) => row.id)));

    await tx.insert(retailers).values({
      id: retailerId,
      name: data.businessName,
      image: `/api/retailers/${retailerId}/logo.svg`,
      categories: [],
      url: data.website,
      brandColor: '#1d4ed8',
      // After the static partners; onboarded retailers are not listed on the partner strip.
      position: 1000,
    });

    const storeIds = new Set<string>();
    for (const { store, geo } of placed) {
      const id = firstFreeSlug(`${retailerId}-${slugify(store.name, 30)}`, storeIds);
      storeIds.add(id);
      await tx.insert(stores).values({
        id,
        retailerId,
        name: store.name,
        addressLine: store.line1,
        city: store.city,
        state: store.state,
        zip: store.zip,
        metroArea: geo.metroArea,
        lat: geo.location.lat,
        lng: geo.location.lng,
        hours: DEFAULT_HOURS,
        services: [...new Set(store.services)],
      });
    }

    const [account] = await tx
      .insert(retailerAccounts)
      .values({
        retailerId,
        ownerUserId: input.userId,
        businessName: data.businessName,
        website: data.website,
        contactName: data.contactName,
        contactEmail: data.contactEmail.toLowerCase(),
        contactPhone: data.contactPhone,
      })
      .returning();
    if (!account) throw new Error('Inserting the retailer account returned no row');
    const secretKeys = await issueInitialKeys(tx, account.id);
    return {
      account: toRetailerAccount(account, await storesOf(tx, retailerId)),
      secretKeys,
    };
  });
}

export async function setAllowedDomains(
  db: Db,
  userId: string,
  domains: string[],
): Promise<RetailerAccount> {
  const account = await requireAccountOfUser(db, userId);
  const unique = [...new Set(domains)];
  const [row] = await db
    .update(retailerAccounts)
    .set({ allowedDomains: unique, updatedAt: new Date() })
    .where(and(eq(retailerAccounts.id, account.id)))
    .returning();
  if (!row) throw new NotFoundError(RETAILER_MESSAGES.noAccount);
  return toRetailerAccount(row, await storesOf(db, row.retailerId));
}
