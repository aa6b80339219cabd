import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CARD_BRANDS,
  type CardBrand,
  PAYMENT_KINDS,
  PAYMENT_METHOD_TYPES,
  PAYMENT_STATUSES,
  type PaymentKind,
  type PaymentMethodType,
  type PaymentStatus,
} from 'shared-contracts/payments';
import { WALLET_ENTRY_KINDS, type WalletEntryKind } from 'shared-contracts/wallet';
import { users } from '../auth/schema.ts';
import { inList } from '../db/sql-helpers.ts';

/**
 * Saved cards. Only what a receipt shows is kept (brand, last 4, expiry, name) plus the provider's
 * opaque reference; the card number and CVC never reach the database. Removing a card keeps the
 * row (`removedAt`) so old payments still name it.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    brand: text('brand').notNull().$type<CardBrand>(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    nameOnCard: text('name_on_card').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_methods_user_id_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_methods_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
    check('payment_methods_brand_check', inList(t.brand, CARD_BRANDS)),
    check('payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** Money taken from a customer: by card through the provider, or from the wallet. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<PaymentKind>(),
    method: text('method').notNull().$type<PaymentMethodType>(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    cardBrand: text('card_brand').$type<CardBrand>(),
    cardLast4: text('card_last4'),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    status: text('status').notNull().$type<PaymentStatus>(),
    provider: text('provider'),
    providerChargeId: text('provider_charge_id'),
    /**
     * False for a test-mode checkout's payment: simulated by the embedded test provider, never
     * the live processor, the wallet or a saved card (checkout-sessions/test-mode.ts).
     */
    livemode: boolean('livemode').notNull().default(true),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_id_idx').on(t.userId, t.createdAt),
    check('payments_kind_check', inList(t.kind, PAYMENT_KINDS)),
    check('payments_method_check', inList(t.method, PAYMENT_METHOD_TYPES)),
    check('payments_status_check', inList(t.status, PAYMENT_STATUSES)),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check(
      'payments_refunded_check',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
    check(
      'payments_card_check',
      sql`(${t.method} = 'card') = (${t.providerChargeId} is not null and ${t.cardLast4} is not null)`,
    ),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

export const REFUND_DESTINATIONS = ['original_method', 'wallet'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** Money given back, all or part of one payment, to the card it came from or to the wallet. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    destination: text('destination').notNull().$type<RefundDestination>(),
    reason: text('reason').notNull(),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_payment_id_idx').on(t.paymentId),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check('refunds_destination_check', inList(t.destination, REFUND_DESTINATIONS)),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Card charges given back because the transaction that should have recorded them failed (a
 * "void"), one row per attempt of one logical payment (`baseKey`: the caller's idempotency key and
 * the card). The next attempt charges under `<baseKey>:attempt-<n>`, never the voided key again:
 * a processor like Stripe answers a reused key with the stored (now refunded) charge as a
 * success, which would record a payment the customer got back. Written before
 * the refund is asked for, so a crash between the two never lets a retry reuse the key;
 * `refundedAt` stays null when the processor refused the refund (money to reconcile by hand).
 */
export const paymentVoids = pgTable(
  'payment_voids',
  {
    baseKey: text('base_key').notNull(),
    attempt: integer('attempt').notNull(),
    provider: text('provider').notNull(),
    providerChargeId: text('provider_charge_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.baseKey, t.attempt] })],
);

/**
 * The wallet ledger. The balance is the sum of a person's entries; `balanceAfterCents` records it
 * after each entry (written under the per-wallet lock, see wallet-ledger.ts), and its CHECK is the last
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
