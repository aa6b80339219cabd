import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CARD_BRAND_LABELS,
  type CardInput,
  MAX_PAYMENT_METHODS,
  PAYMENT_MESSAGES,
  type PaymentKind,
  type PaymentSource,
  type PaymentStatus,
  type PaymentSummary,
} from 'shared-contracts/payments';
import type { Db } from '../db/database.ts';
import { ConflictError, HttpError, NotFoundError } from '../http/errors.ts';
import type { PaymentProvider, VaultedCard } from './provider.ts';
import {
  type PaymentMethodRow,
  type PaymentRow,
  paymentMethods,
  payments,
  paymentVoids,
  type RefundDestination,
  type RefundRow,
  refunds,
} from './schema.ts';
import { simulatedPaymentProvider } from './test-provider.ts';
import { appendWalletEntries, creditWallet, lockWallet } from './wallet-ledger.ts';

/**
 * Taking and giving back money. Other domains call these:
 * - `charge(db, provider, input, then)`: take money by card or from the wallet and, in the same
 *   transaction as the payment record, run `then(tx, payment)` to write what was paid for;
 * - `refundPayment(db, provider, input)`: give back all or part of a payment, to the card it came
 *   from or to the wallet;
 * - `creditWallet` (wallet/service.ts): add money to a wallet without a payment.
 */

export class PaymentDeclinedError extends HttpError {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(402, message);
  }
}

export const SAVED_CARDS_LIMIT_MESSAGE = `You can save up to ${MAX_PAYMENT_METHODS} cards. Remove one to add another.`;
export const PAYMENT_REFUND_MESSAGES = {
  nothingLeft: 'This payment has already been refunded in full.',
  tooMuch: (left: number) => `At most ${left} cents of this payment can still be refunded.`,
  providerFailed: 'The card processor could not refund this payment. Please try again later.',
} as const;

export interface WalletSplit {
  kind: 'payment' | 'tip';
  amountCents: number;
  description: string;
}

export interface ChargeInput {
  userId: string;
  kind: PaymentKind;
  amountCents: number;
  source: PaymentSource;
  description: string;
  /**
   * For wallet payments: how the amount is written in the ledger (the fee as `payment`, the tip
   * as `tip`); one `payment` entry when absent. The parts must add up to `amountCents`.
   */
  walletSplit?: readonly WalletSplit[];
  /** Sent to the provider so one logical payment is never charged twice. */
  idempotencyKey?: string;
  /** False for a test-mode checkout's simulated payment (see checkout-sessions/test-mode.ts). */
  livemode?: boolean;
}

export function describeCard(brand: PaymentMethodRow['brand'], last4: string): string {
  return `${CARD_BRAND_LABELS[brand]} •••• ${last4}`;
}

export function toPaymentSummary(row: PaymentRow): PaymentSummary {
  return {
    id: row.id,
    method: row.method,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's saved card that can still be used; another person's id is "not found". */
export async function findUsablePaymentMethod(
  db: Db,
  userId: string,
  id: string,
): Promise<PaymentMethodRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.userId, userId),
        isNull(paymentMethods.removedAt),
      ),
    );
  if (!row) throw new NotFoundError(PAYMENT_MESSAGES.paymentMethodNotFound);
  return row;
}

async function activeCardCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)));
  return row?.value ?? 0;
}

/** Verifies a card with the provider; a decline is a 402 with the provider's message. */
export async function vaultCard(provider: PaymentProvider, card: CardInput): Promise<VaultedCard> {
  const vaulted = await provider.vaultCard(card);
  if (!vaulted.ok) throw new PaymentDeclinedError(vaulted.message, vaulted.code);
  return vaulted.value;
}

/** Keeps a vaulted card; the first card becomes the default. Call inside a transaction. */
export async function insertPaymentMethod(
  tx: Db,
  provider: PaymentProvider,
  input: { userId: string; card: VaultedCard; nameOnCard: string; makeDefault: boolean },
): Promise<PaymentMethodRow> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`cards:${input.userId}`}, 0))`,
  );
  const existing = await activeCardCount(tx, input.userId);
  if (existing >= MAX_PAYMENT_METHODS) throw new ConflictError(SAVED_CARDS_LIMIT_MESSAGE);
  const isDefault = existing === 0 || input.makeDefault;
  if (isDefault) {
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, input.userId), eq(paymentMethods.isDefault, true)));
  }
  const [row] = await tx
    .insert(paymentMethods)
    .values({
      userId: input.userId,
      provider: provider.name,
      providerReference: input.card.reference,
      brand: input.card.brand,
      last4: input.card.last4,
      expMonth: input.card.expMonth,
      expYear: input.card.expYear,
      nameOnCard: input.nameOnCard.trim(),
      isDefault,
    })
    .returning();
  if (!row) throw new Error('Inserting the payment method returned no row');
  return row;
}

interface CardToCharge {
  reference: string;
  brand: PaymentMethodRow['brand'];
  last4: string;
  /** The saved card it is, if any. */
  paymentMethodId: string | null;
  /** A new card to keep once the payment succeeds. */
  save: { card: VaultedCard; nameOnCard: string } | null;
}

async function resolveCard(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  source: Exclude<PaymentSource, { type: 'wallet' }>,
): Promise<CardToCharge> {
  if (source.type === 'saved_card') {
    const method = await findUsablePaymentMethod(db, userId, source.paymentMethodId);
    return {
      reference: method.providerReference,
      brand: method.brand,
      last4: method.last4,
      paymentMethodId: method.id,
      save: null,
    };
  }
  if (source.save && (await activeCardCount(db, userId)) >= MAX_PAYMENT_METHODS) {
    throw new ConflictError(SAVED_CARDS_LIMIT_MESSAGE);
  }
  const card = await vaultCard(provider, source.card);
  return {
    reference: card.reference,
    brand: card.brand,
    last4: card.last4,
    paymentMethodId: null,
    save: source.save ? { card, nameOnCard: source.card.name } : null,
  };
}

/**
 * Takes `amountCents` and records the payment; `then(tx, payment)` writes what was paid for in
 * the same transaction. A card is charged through the provider first; if the transaction then
 * fails, the charge is refunded, so money is never kept without the record. A wallet payment is
 * decided under the wallet lock (402 when the balance is too low). Declines are 402 with the
 * provider's message; nothing is written for them.
 */
export async function charge<T>(
  db: Db,
  provider: PaymentProvider,
  input: ChargeInput,
  then: (tx: Db, payment: PaymentRow) => Promise<T>,
): Promise<{ payment: PaymentRow; result: T }> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
    throw new Error(`Payments are positive integer cents, got ${input.amountCents}`);
  }
  const { source } = input;

  if (source.type === 'wallet') {
    const split = input.walletSplit ?? [
      { kind: 'payment' as const, amountCents: input.amountCents, description: input.description },
    ];
    const splitTotal = split.reduce((sum, part) => sum + part.amountCents, 0);
    if (splitTotal !== input.amountCents) {
      throw new Error(`Wallet split adds up to ${splitTotal}, not ${input.amountCents}`);
    }
    return db.transaction(async (tx) => {
      await lockWallet(tx, input.userId);
      const payment = await insertPayment(tx, input, { method: 'wallet' });
      await appendWalletEntries(
        tx,
        input.userId,
        split
          .filter((part) => part.amountCents > 0)
          .map((part) => ({
            kind: part.kind,
            amountCents: -part.amountCents,
            description: part.description,
            paymentId: payment.id,
          })),
      );
      return { payment, result: await then(tx, payment) };
    });
  }

  const card = await resolveCard(db, provider, input.userId, source);
  // Per card: a request retried with another card (after a decline) is a different charge.
  const baseKey = `${input.idempotencyKey ?? randomUUID()}:${card.reference}`;
  const { attempt, idempotencyKey } = await processorKey(db, baseKey);
  const charged = await provider.charge({
    reference: card.reference,
    amountCents: input.amountCents,
    description: input.description,
    idempotencyKey,
  });
  if (!charged.ok) throw new PaymentDeclinedError(charged.message, charged.code);

  try {
    return await db.transaction(async (tx) => {
      let paymentMethodId = card.paymentMethodId;
      if (card.save) {
        const saved = await insertPaymentMethod(tx, provider, {
          userId: input.userId,
          card: card.save.card,
          nameOnCard: card.save.nameOnCard,
          makeDefault: false,
        });
        paymentMethodId = saved.id;
      }
      const payment = await insertPayment(tx, input, {
        method: 'card',
        paymentMethodId,
        cardBrand: card.brand,
        cardLast4: card.last4,
        provider: provider.name,
        providerChargeId: charged.value.chargeId,
        livemode: input.livemode ?? true,
      });
      return { payment, result: await then(tx, payment) };
    });
  } catch (error) {
    // The money was taken but nothing was recorded: give it back, and retire the key first.
    await voidCharge(db, provider, {
      baseKey,
      attempt,
      chargeId: charged.value.chargeId,
      amountCents: input.amountCents,
    });
    throw error;
  }
}

/**
 * The processor idempotency key for the next charge of a logical payment. A retry after a crash
 * reuses the key (the processor charges once); a retry after a void never does: each voided
 * attempt (see `paymentVoids`) moves the key on. Card payments and robot leases both use it.
 */
export async function processorKey(
  db: Db,
  baseKey: string,
): Promise<{ attempt: number; idempotencyKey: string }> {
  const attempt = await voidedAttempts(db, baseKey);
  return { attempt, idempotencyKey: attempt === 0 ? baseKey : `${baseKey}:attempt-${attempt}` };
}

/** How many charges of this logical payment were voided: the next attempt's number. */
async function voidedAttempts(db: Db, baseKey: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(paymentVoids)
    .where(eq(paymentVoids.baseKey, baseKey));
  return row?.value ?? 0;
}

/**
 * Refunds a charge whose transaction failed. The void is recorded before the refund is asked
 * for: from then on the next attempt uses a new processor key, so a retry is a new charge that
 * the customer really pays, never a replay of this refunded one. If recording fails, the charge
 * is not refunded either, so a replay of it would be money really taken (consistent). A refused
 * refund leaves `refundedAt` null for reconciliation.
 */
export async function voidCharge(
  db: Db,
  provider: PaymentProvider,
  input: { baseKey: string; attempt: number; chargeId: string; amountCents: number },
): Promise<void> {
  await db
    .insert(paymentVoids)
    .values({
      baseKey: input.baseKey,
      attempt: input.attempt,
      provider: provider.name,
      providerChargeId: input.chargeId,
      amountCents: input.amountCents,
    })
    .onConflictDoNothing();
  const refunded = await provider.refund({
    chargeId: input.chargeId,
    amountCents: input.amountCents,
    idempotencyKey: `void:${input.chargeId}`,
  });
  if (refunded.ok) {
    await db
      .update(paymentVoids)
      .set({ refundedAt: sql`now()` })
      .where(and(eq(paymentVoids.baseKey, input.baseKey), eq(paymentVoids.attempt, input.attempt)));
  }
}

async function insertPayment(
  tx: Db,
  input: ChargeInput,
  how: Partial<PaymentRow> & { method: PaymentRow['method'] },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      userId: input.userId,
      kind: input.kind,
      amountCents: input.amountCents,
      status: 'succeeded',
      description: input.description,
      ...how,
    })
    .returning();
  if (!row) throw new Error('Inserting the payment returned no row');
  return row;
}

export interface RefundInput {
  paymentId: string;
  /** All that is left when absent. */
  amountCents?: number;
  /** `original_method`: the card it came from (a wallet payment goes back to the wallet). */
  destination: RefundDestination;
  reason: string;
}

/**
 * Gives back all or part of a payment, once: the payment row is locked, so two refunds of the
 * same payment are decided one after the other and never exceed what was paid. Runs inside the
 * caller's transaction when `db` is one.
 */
export async function refundPayment(
  db: Db,
  provider: PaymentProvider,
  input: RefundInput,
): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, input.paymentId))
      .for('update');
    if (!payment) throw new NotFoundError('Payment not found');
    const left = payment.amountCents - payment.refundedCents;
    if (left <= 0) throw new ConflictError(PAYMENT_REFUND_MESSAGES.nothingLeft);
    const amountCents = input.amountCents ?? left;
    if (!Number.isInteger(amountCents) || amountCents <= 0) {
      throw new Error(`Refunds are positive integer cents, got ${amountCents}`);
    }
    if (amountCents > left) throw new ConflictError(PAYMENT_REFUND_MESSAGES.tooMuch(left));

    // A test-mode payment was simulated: it goes back to its simulated card, by the simulator,
    // and never becomes real wallet money.
    const toCard =
      payment.method === 'card' && (input.destination === 'original_method' || !payment.livemode);
    const processor = payment.livemode ? provider : simulatedPaymentProvider;
    let providerRefundId: string | null = null;
    if (toCard) {
      if (!payment.providerChargeId) throw new Error('A card payment without a charge id');
      const refunded = await processor.refund({
        chargeId: payment.providerChargeId,
        amountCents,
        // Stable per refund step: a retry after a crash refunds once at the provider.
        idempotencyKey: `refund:${payment.id}:${payment.refundedCents}:${amountCents}`,
      });
      if (!refunded.ok) throw new HttpError(502, PAYMENT_REFUND_MESSAGES.providerFailed);
      providerRefundId = refunded.value.refundId;
    }
    const destination: RefundDestination = toCard ? 'original_method' : 'wallet';
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amountCents,
        destination,
        reason: input.reason,
        providerRefundId,
      })
      .returning();
    if (!refund) throw new Error('Inserting the refund returned no row');
    if (!toCard) {
      await creditWallet(tx, {
        userId: payment.userId,
        amountCents,
        kind: 'refund',
        description: `Refund: ${payment.description}`,
        paymentId: payment.id,
        refundId: refund.id,
      });
    }
    const refundedCents = payment.refundedCents + amountCents;
    const status: PaymentStatus =
      refundedCents === payment.amountCents ? 'refunded' : 'partially_refunded';
    await tx
      .update(payments)
      .set({ refundedCents, status, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    return refund;
  });
}
