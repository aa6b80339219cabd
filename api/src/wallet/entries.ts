import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { WalletEntriesPage, WalletEntriesQuery, WalletEntry } from 'shared-contracts/wallet';
import type { Db } from '../db/database.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { type WalletEntryRow, walletEntries } from '../payments/schema.ts';
import { walletBalance } from '../payments/wallet-ledger.ts';

// The wallet page's reading of the ledger (payments/wallet-ledger.ts writes it), with the order
// each payment paid for.

export function toWalletEntry(
  row: WalletEntryRow,
  order?: { id: string; orderNumber: string } | null,
): WalletEntry {
  return {
    id: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    balanceAfterCents: row.balanceAfterCents,
    description: row.description,
    orderPickupId: order?.id ?? null,
    orderNumber: order?.orderNumber ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** One page of the ledger, newest first, filtered by kind and day (UTC, inclusive). */
export async function listWalletEntries(
  db: Db,
  userId: string,
  query: Required<Pick<WalletEntriesQuery, 'page' | 'pageSize'>> &
    Pick<WalletEntriesQuery, 'kind' | 'from' | 'to'>,
): Promise<WalletEntriesPage> {
  const page = Number(query.page);
  const pageSize = Number(query.pageSize);
  const where = and(
    eq(walletEntries.userId, userId),
    query.kind ? eq(walletEntries.kind, query.kind) : undefined,
    query.from ? gte(walletEntries.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to
      ? lt(walletEntries.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS))
      : undefined,
  );
  const [totalRow] = await db.select({ value: count() }).from(walletEntries).where(where);
  const rows = await db
    .select({
      entry: walletEntries,
      orderId: orderPickups.id,
      orderNumber: orderPickups.orderNumber,
    })
    .from(walletEntries)
    .leftJoin(orderPickups, eq(orderPickups.paymentId, walletEntries.paymentId))
    .where(where)
    .orderBy(desc(walletEntries.seq))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    entries: rows.map(({ entry, orderId, orderNumber }) =>
      toWalletEntry(entry, orderId && orderNumber ? { id: orderId, orderNumber } : null),
    ),
    page,
    pageSize,
    total: totalRow?.value ?? 0,
    balanceCents: await walletBalance(db, userId),
  };
}
