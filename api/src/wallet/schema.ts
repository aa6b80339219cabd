import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { WALLET_ENTRY_KINDS, type WalletEntryKind } from 'shared-contracts/wallet';
import { users } from '../auth/schema.ts';
import { inList } from '../db/sql-helpers.ts';
import { payments, refunds } from '../payments/schema.ts';

/**
 * The wallet ledger. The balance is the sum of a person's entries; `balanceAfterCents` records it
 * after each entry (written under the per-wallet lock, see service.ts), and its CHECK is the last
 * line of defence against a negative balance.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: ties on created_at inside one transaction stay ordered. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique('wallet_entries_seq_key'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<WalletEntryKind>(),
    amountCents: integer('amount_cents').notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    description: text('description').notNull(),
    /** The payment this entry is part of (a wallet payment, or the card payment of a top-up). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_entries_user_seq_idx').on(t.userId, t.seq),
    index('wallet_entries_payment_id_idx').on(t.paymentId),
    check('wallet_entries_kind_check', inList(t.kind, WALLET_ENTRY_KINDS)),
    check('wallet_entries_amount_check', sql`${t.amountCents} <> 0`),
    check('wallet_entries_balance_check', sql`${t.balanceAfterCents} >= 0`),
  ],
);

export type WalletEntryRow = typeof walletEntries.$inferSelect;
