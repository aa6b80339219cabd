import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import {
  ADDRESS_MESSAGES,
  type AddressInput,
  type createAddressRequestSchema,
  type DeliveryAddress,
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
  type updateAddressRequestSchema,
} from 'shared-contracts/addresses';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { geocodeAddress } from './geocode.ts';
import { type AddressRow, addresses } from './schema.ts';

/** Blank optional text is "none". */
function optional(value: string | undefined | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    instructions: row.instructions,
    location: { lat: row.lat, lng: row.lng },
    metroArea: row.metroArea,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An address typed in (not saved), placed on the map: what a home-delivery order keeps. */
export function toDeliveryAddress(input: AddressInput): DeliveryAddress {
  const { location, metroArea } = geocodeAddress(input);
  return {
    line1: input.line1.trim(),
    line2: optional(input.line2),
    city: input.city.trim(),
    state: input.state,
    zip: input.zip,
    instructions: optional(input.instructions),
    location,
    metroArea,
  };
}

export function savedToDeliveryAddress(row: AddressRow): DeliveryAddress {
  return {
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    instructions: row.instructions,
    location: { lat: row.lat, lng: row.lng },
    metroArea: row.metroArea,
  };
}

/** The caller's addresses, the default first, then newest first. */
export async function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id));
  return rows.map(toSavedAddress);
}

/** One of the caller's addresses; another person's id is "not found", like an unknown one. */
export async function findOwnAddress(
  db: Db,
  userId: string,
  id: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

export async function getOwnAddress(db: Db, userId: string, id: string): Promise<AddressRow> {
  const row = await findOwnAddress(db, userId, id);
  if (!row) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
  return row;
}

/** The street line of the default address, for the avatar menu (`GET /api/auth/me`). */
export async function defaultAddressLine(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ line1: addresses.line1, line2: addresses.line2 })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  if (!row) return null;
  return row.line2 ? `${row.line1}, ${row.line2}` : row.line1;
}

// Serialises one person's address changes so "first address is the default" and the limit hold
// under concurrent requests.
async function lockAddressBook(tx: Db, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`,
  );
}

async function clearDefault(tx: Db, userId: string, exceptId?: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isDefault, true),
        exceptId ? ne(addresses.id, exceptId) : undefined,
      ),
    );
}

export async function createAddress(
  db: Db,
  userId: string,
  input: z.output<typeof createAddressRequestSchema>,
): Promise<SavedAddress> {
  // Outside the transaction: a bad address is refused before anything is locked.
  const placed = toDeliveryAddress(input);
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [existing] = await tx
      .select({ value: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    const total = existing?.value ?? 0;
    if (total >= MAX_SAVED_ADDRESSES) throw new ConflictError(ADDRESS_MESSAGES.tooMany);
    const isDefault = total === 0 || input.isDefault === true;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({
        userId,
        label: optional(input.label),
        line1: placed.line1,
        line2: placed.line2,
        city: placed.city,
        state: placed.state,
        zip: placed.zip,
        instructions: placed.instructions,
        lat: placed.location.lat,
        lng: placed.location.lng,
        metroArea: placed.metroArea,
        isDefault,
      })
      .returning();
    if (!row) throw new Error('Inserting the address returned no row');
    return toSavedAddress(row);
  });
}

export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  input: z.output<typeof updateAddressRequestSchema>,
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const current = await getOwnAddress(tx, userId, id);
    const merged: AddressInput = {
      label: input.label ?? current.label ?? undefined,
      line1: input.line1 ?? current.line1,
      line2: input.line2 ?? current.line2 ?? undefined,
      city: input.city ?? current.city,
      // Stored addresses passed the same schema when saved.
      state: (input.state ?? current.state) as AddressInput['state'],
      zip: input.zip ?? current.zip,
      instructions: input.instructions ?? current.instructions ?? undefined,
    };
    const placed = toDeliveryAddress(merged);
    if (input.isDefault) await clearDefault(tx, userId, id);
    const [row] = await tx
      .update(addresses)
      .set({
        label: optional(merged.label),
        line1: placed.line1,
        line2: placed.line2,
        city: placed.city,
        state: placed.state,
        zip: placed.zip,
        instructions: placed.instructions,
        lat: placed.location.lat,
        lng: placed.location.lng,
        metroArea: placed.metroArea,
        isDefault: input.isDefault ? true : current.isDefault,
        updatedAt: sql`now()`,
      })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!row) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
    return toSavedAddress(row);
  });
}

/** Removes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!removed) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
    if (!removed.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt))
      .limit(1);
    if (next) {
      await tx
        .update(addresses)
        .set({ isDefault: true, updatedAt: sql`now()` })
        .where(eq(addresses.id, next.id));
    }
  });
}
