import { z } from 'zod';
import { cardPaymentSourceSchema, formatCents } from './payments.ts';

/**
 * The wallet is a ledger: every top-up, payment, refund, tip and credit is an entry in
 * integer cents (positive in, negative out) and the balance is their sum; it never goes below zero.
 */

export const WALLET_ENTRY_KINDS = ['top_up', 'payment', 'tip', 'refund', 'credit'] as const;
export const walletEntryKindSchema = z.enum(WALLET_ENTRY_KINDS);
export type WalletEntryKind = z.infer<typeof walletEntryKindSchema>;

export const WALLET_ENTRY_KIND_LABELS: Record<WalletEntryKind, string> = {
  top_up: 'Top-up',
  payment: 'Payment',
  tip: 'Tip',
  refund: 'Refund',
  credit: 'Credit',
};

export const walletSummarySchema = z
  .object({ balanceCents: z.number().int().nonnegative() })
  .meta({ id: 'WalletSummary' });
export type WalletSummary = z.infer<typeof walletSummarySchema>;

export const walletEntrySchema = z
  .object({
    id: z.uuid(),
    kind: walletEntryKindSchema,
    /** Positive adds to the balance, negative takes from it. */
    amountCents: z.number().int(),
    balanceAfterCents: z.number().int().nonnegative(),
    description: z.string(),
    orderPickupId: z.uuid().nullable(),
    orderNumber: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'WalletEntry' });
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const WALLET_PAGE_SIZES = [10, 25, 50] as const;

const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Dates must be real dates');

/** `GET /api/wallet/entries`: newest first, filtered by kind and by day (inclusive, UTC). */
export const walletEntriesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(10_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine(
        (value) => (WALLET_PAGE_SIZES as readonly number[]).includes(value),
        `Page size must be one of ${WALLET_PAGE_SIZES.join(', ')}`,
      )
      .default(10),
    kind: walletEntryKindSchema.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start date must be on or before the end date',
    path: ['from'],
  });
export type WalletEntriesQuery = z.input<typeof walletEntriesQuerySchema>;

export const walletEntriesPageSchema = z
  .object({
    entries: z.array(walletEntrySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    balanceCents: z.number().int().nonnegative(),
  })
  .meta({ id: 'WalletEntriesPage' });
export type WalletEntriesPage = z.infer<typeof walletEntriesPageSchema>;

export const MIN_TOP_UP_CENTS = 500;
export const MAX_TOP_UP_CENTS = 50_000;
export const MAX_WALLET_BALANCE_CENTS = 200_000;
export const TOP_UP_PRESETS_CENTS = [1000, 2500, 5000, 10_000] as const;

export const WALLET_MESSAGES = {
  topUpRange: `Add between ${formatCents(MIN_TOP_UP_CENTS)} and ${formatCents(MAX_TOP_UP_CENTS)}`,
  balanceCap: `A wallet can hold at most ${formatCents(MAX_WALLET_BALANCE_CENTS)}`,
} as const;

/** `POST /api/wallet/top-ups`, with an `Idempotency-Key` header: add funds by card. */
export const topUpRequestSchema = z
  .object({
    amountCents: z
      .number({ error: WALLET_MESSAGES.topUpRange })
      .int(WALLET_MESSAGES.topUpRange)
      .min(MIN_TOP_UP_CENTS, WALLET_MESSAGES.topUpRange)
      .max(MAX_TOP_UP_CENTS, WALLET_MESSAGES.topUpRange),
    payment: cardPaymentSourceSchema,
  })
  .meta({ id: 'TopUpRequest' });
export type TopUpRequest = z.input<typeof topUpRequestSchema>;

export const topUpResponseSchema = z
  .object({ balanceCents: z.number().int().nonnegative(), entry: walletEntrySchema })
  .meta({ id: 'TopUpResponse' });
export type TopUpResponse = z.infer<typeof topUpResponseSchema>;
