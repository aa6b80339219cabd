import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderPickupStatus } from 'shared-contracts/order-pickups';
import type { Db } from '../db/database.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { stores } from '../stores/schema.ts';

/**
 * Test setup only. Each test gets its own store (a copy of a seeded one), so robots left busy by
 * one test never starve another, and orders with random numbers in CR-9xxxxx, clear of the seeded
 * CR-1002xx ones.
 */
export async function createTestStore(db: Db, from = 'nordstrom-northpark'): Promise<string> {
  const [template] = await db.select().from(stores).where(eq(stores.id, from));
  if (!template) throw new Error(`seeded store ${from} is missing; start the server with seed`);
  const id = `${from}-test-${randomUUID().slice(0, 8)}`;
  await db.insert(stores).values({ ...template, id, createdAt: undefined });
  return id;
}

/** Gives a user an order pickup, the way the scheduling flow would, straight in the database. */
export async function giveOrder(
  db: Db,
  userId: string,
  options: { status?: OrderPickupStatus; storeId?: string } = {},
): Promise<{ id: string; orderNumber: string; storeId: string }> {
  const storeId = options.storeId ?? (await createTestStore(db));
  for (;;) {
    const orderNumber = `CR-9${String(randomInt(0, 100_000)).padStart(5, '0')}`;
    const [row] = await db
      .insert(orderPickups)
      .values({ orderNumber, userId, storeId, status: options.status ?? 'ready_for_pickup' })
      .onConflictDoNothing()
      .returning({ id: orderPickups.id, orderNumber: orderPickups.orderNumber });
    if (row) return { ...row, storeId };
  }
}
