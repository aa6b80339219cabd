import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { type CardInput, PAYMENT_MESSAGES, type PaymentMethod } from 'shared-contracts/payments';
import type { Db } from '../db/database.ts';
import { NotFoundError } from '../http/errors.ts';
import type { PaymentProvider } from './provider.ts';
import { type PaymentMethodRow, paymentMethods } from './schema.ts';
import { findUsablePaymentMethod, insertPaymentMethod, vaultCard } from './service.ts';

/** Saved cards: brand, last 4, expiry and name only (the provider keeps the card itself). */

export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    nameOnCard: row.nameOnCard,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's saved cards, the default first. */
export async function listPaymentMethods(db: Db, userId: string): Promise<PaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)))
    .orderBy(
      desc(paymentMethods.isDefault),
      desc(paymentMethods.createdAt),
      asc(paymentMethods.id),
    );
  return rows.map(toPaymentMethod);
}

/** Verifies the card with the provider (a declined card is a 402) and keeps it. */
export async function addPaymentMethod(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  input: { card: CardInput; makeDefault: boolean },
): Promise<PaymentMethod> {
  const card = await vaultCard(provider, input.card);
  const row = await db.transaction((tx) =>
    insertPaymentMethod(tx, provider, {
      userId,
      card,
      nameOnCard: input.card.name,
      makeDefault: input.makeDefault,
    }),
  );
  return toPaymentMethod(row);
}

async function lockCards(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cards:${userId}`}, 0))`);
}

export async function setDefaultPaymentMethod(
  db: Db,
  userId: string,
  id: string,
): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    await lockCards(tx, userId);
    await findUsablePaymentMethod(tx, userId, id);
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
    const [row] = await tx
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(eq(paymentMethods.id, id))
      .returning();
    if (!row) throw new NotFoundError(PAYMENT_MESSAGES.paymentMethodNotFound);
    return toPaymentMethod(row);
  });
}

/**
 * Removes a saved card. The row stays (marked removed) so earlier payments still name the card;
 * when it was the default, the newest remaining card becomes the default.
 */
export async function removePaymentMethod(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCards(tx, userId);
    const method = await findUsablePaymentMethod(tx, userId, id);
    await tx
      .update(paymentMethods)
      .set({ removedAt: sql`now()`, isDefault: false })
      .where(eq(paymentMethods.id, method.id));
    if (!method.isDefault) return;
    const [next] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)))
      .orderBy(desc(paymentMethods.createdAt))
      .limit(1);
    if (next) {
      await tx
        .update(paymentMethods)
        .set({ isDefault: true })
        .where(eq(paymentMethods.id, next.id));
    }
  });
}
