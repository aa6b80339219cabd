import { type CardPaymentSource, formatCents } from 'shared-contracts/payments';
import { MAX_WALLET_BALANCE_CENTS, WALLET_MESSAGES } from 'shared-contracts/wallet';
import type { Db } from '../db/database.ts';
import { ConflictError } from '../http/errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { WalletEntryRow } from '../payments/schema.ts';
import { charge } from '../payments/service.ts';
import { creditWallet, walletBalance } from '../payments/wallet-ledger.ts';

/** Adds funds by card: the card payment and the `top_up` entry commit together. */
export async function topUpWallet(
  db: Db,
  provider: PaymentProvider,
  input: {
    userId: string;
    amountCents: number;
    payment: CardPaymentSource;
    idempotencyKey?: string;
    /** Runs in the transaction that writes the entry (the route stores its answer there). */
    onWritten?: (tx: Db, entry: WalletEntryRow) => Promise<void>;
  },
): Promise<WalletEntryRow> {
  // Checked before charging so a refused top-up never touches the card; re-checked under the lock.
  const balance = await walletBalance(db, input.userId);
  if (balance + input.amountCents > MAX_WALLET_BALANCE_CENTS) {
    throw new ConflictError(WALLET_MESSAGES.balanceCap);
  }
  const description = `Added ${formatCents(input.amountCents)} to the wallet`;
  const { result } = await charge(
    db,
    provider,
    {
      userId: input.userId,
      kind: 'wallet_top_up',
      amountCents: input.amountCents,
      source: input.payment,
      description,
      idempotencyKey: input.idempotencyKey
        ? `top-up:${input.userId}:${input.idempotencyKey}`
        : undefined,
    },
    async (tx, payment) => {
      const entry = await creditWallet(tx, {
        userId: input.userId,
        amountCents: input.amountCents,
        kind: 'top_up',
        description,
        paymentId: payment.id,
      });
      await input.onWritten?.(tx, entry);
      return entry;
    },
  );
  return result;
}
