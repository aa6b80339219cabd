import { eq, sql } from 'drizzle-orm';
import { formatCents, PAYMENT_MESSAGES } from 'shared-contracts/payments';
import {
  MAX_WALLET_BALANCE_CENTS,
  WALLET_MESSAGES,
  type WalletEntryKind,
} from 'shared-contracts/wallet';
import type { Db } from '../db/database.ts';
import { ConflictError, HttpError } from '../http/errors.ts';
import { type WalletEntryRow, walletEntries } from './schema.ts';

/**
 * The wallet ledger. Every change is an entry; the balance is the sum of a person's
 * entries. Writers take the person's wallet lock (a transaction-scoped advisory lock) before
 * reading the balance, so concurrent payments are decided one after the other and the balance can
 * never go below zero; the `balance_after_cents >= 0` CHECK backs that up in the database.
 */

export class WalletInsufficientFundsError extends HttpError {
  constructor(balanceCents: number, neededCents: number) {
    super(
      402,
      PAYMENT_MESSAGES.walletInsufficient(formatCents(balanceCents), formatCents(neededCents)),
    );
  }
}

/** 409: the credit would take the balance above MAX_WALLET_BALANCE_CENTS. */
export class WalletBalanceCapError extends ConflictError {
  constructor() {
    super(WALLET_MESSAGES.balanceCap);
  }
}

export interface WalletLine {
  kind: WalletEntryKind;
  /** Positive adds to the balance, negative takes from it. */
  amountCents: number;
  description: string;
  paymentId?: string | null;
  refundId?: string | null;
}

/** Serialises every balance change of one person until the transaction ends. */
export async function lockWallet(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wallet:${userId}`}, 0))`);
}

/** The balance: the sum of the person's entries. */
export async function walletBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${walletEntries.amountCents}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  return Number(row?.total ?? 0);
}

/** How much more the wallet can take under its cap; read under `lockWallet` to rely on it. */
export async function walletRoomCents(db: Db, userId: string): Promise<number> {
  return Math.max(0, MAX_WALLET_BALANCE_CENTS - (await walletBalance(db, userId)));
}

/**
 * Appends entries in one go. Call inside a transaction that holds `lockWallet`. Refuses with 402
 * when the entries would take the balance below zero, and with 409 (`WalletBalanceCapError`) when a
 * credit would take it above MAX_WALLET_BALANCE_CENTS: the cap applies to every credit, top-ups,
 * refunds and goodwill alike, so no path can grow a balance past it. Callers that must
 * pay something decide beforehand what happens to what does not fit (`walletRoomCents`): a refund
 * request credits up to the cap and sends the rest to review (refunds/policy.ts `fitToWallet`).
 */
export async function appendWalletEntries(
  tx: Db,
  userId: string,
  lines: readonly WalletLine[],
): Promise<WalletEntryRow[]> {
  let balance = await walletBalance(tx, userId);
  const outgoing = lines.reduce((sum, line) => sum + Math.min(0, line.amountCents), 0);
  if (balance + outgoing < 0) throw new WalletInsufficientFundsError(balance, -outgoing);
  const rows: WalletEntryRow[] = [];
  for (const line of lines) {
    if (!Number.isInteger(line.amountCents) || line.amountCents === 0) {
      throw new Error(`Wallet entries are non-zero integer cents, got ${line.amountCents}`);
    }
    balance += line.amountCents;
    if (line.amountCents > 0 && balance > MAX_WALLET_BALANCE_CENTS) {
      throw new WalletBalanceCapError();
    }
    const [row] = await tx
      .insert(walletEntries)
      .values({
        userId,
        kind: line.kind,
        amountCents: line.amountCents,
        balanceAfterCents: balance,
        description: line.description,
        paymentId: line.paymentId ?? null,
        refundId: line.refundId ?? null,
      })
      .returning();
    if (!row) throw new Error('Inserting the wallet entry returned no row');
    rows.push(row);
  }
  return rows;
}

export interface CreditInput {
  userId: string;
  amountCents: number;
  kind: Extract<WalletEntryKind, 'top_up' | 'refund' | 'credit'>;
  description: string;
  paymentId?: string | null;
  refundId?: string | null;
}

/**
 * Adds money to a wallet (top-ups, refunds to the wallet, goodwill credits) in its own
 * transaction, or inside the caller's when `db` is one. Every credit respects the balance cap
 * (409 `WalletBalanceCapError` otherwise, nothing written).
 */
export async function creditWallet(db: Db, input: CreditInput): Promise<WalletEntryRow> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
    throw new Error(`Wallet credits are positive integer cents, got ${input.amountCents}`);
  }
  return db.transaction(async (tx) => {
    await lockWallet(tx, input.userId);
    const [row] = await appendWalletEntries(tx, input.userId, [input]);
    if (!row) throw new Error('Crediting the wallet wrote no entry');
    return row;
  });
}
