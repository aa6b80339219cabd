import { useState } from 'react';
import { newIdempotencyKey } from 'shared-client';
import { formatCents } from 'shared-contracts/payments';
import {
  MAX_TOP_UP_CENTS,
  MIN_TOP_UP_CENTS,
  TOP_UP_PRESETS_CENTS,
  WALLET_MESSAGES,
} from 'shared-contracts/wallet';
import { Field, Input, Stack, toast } from 'shared-ui';
import { PaymentForm } from '../../shared/payment-form';
import { dollarsToCents } from '../../shared/payment-form-schema';
import { PresetChip, PresetChips } from '../../shared/preset-chips';
import { useTopUpMutation } from './api';

/** Add funds by card: an amount (presets or typed), a saved or new card, and Add. */
export function AddFundsForm() {
  const [amount, setAmount] = useState(String(TOP_UP_PRESETS_CENTS[1] / 100));
  const [touched, setTouched] = useState(false);
  // A new key for every top-up the person starts; a retry of the same one reuses it.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const topUp = useTopUpMutation();
  const cents = dollarsToCents(amount);
  const valid = cents !== null && cents >= MIN_TOP_UP_CENTS && cents <= MAX_TOP_UP_CENTS;
  const amountError = touched && !valid ? WALLET_MESSAGES.topUpRange : undefined;

  return (
    <PaymentForm
      // A fresh form (card fields cleared) after each top-up.
      key={idempotencyKey}
      withTip={false}
      allowWallet={false}
      feeLines={
        valid ? [{ code: 'base', label: 'Added to your wallet', amountCents: cents }] : null
      }
      payLabel={(total) => (total === null ? 'Add funds' : `Add ${formatCents(total)}`)}
      disabled={!valid}
      onPay={async ({ source }) => {
        if (!valid || source.type === 'wallet') return;
        const answer = await topUp.mutateAsync({
          idempotencyKey,
          body: { amountCents: cents, payment: source },
        });
        setIdempotencyKey(newIdempotencyKey());
        toast({
          title: 'Funds added',
          description: `Your balance is now ${formatCents(answer.balanceCents)}.`,
        });
      }}
    >
      <Stack $gap={12}>
        <PresetChips role="group" aria-label="Amount to add">
          {TOP_UP_PRESETS_CENTS.map((preset) => (
            <PresetChip
              key={preset}
              type="button"
              $active={cents === preset}
              aria-pressed={cents === preset}
              onClick={() => setAmount(String(preset / 100))}
            >
              {formatCents(preset)}
            </PresetChip>
          ))}
        </PresetChips>
        <Field
          label="Amount (dollars)"
          hint={`${formatCents(MIN_TOP_UP_CENTS)} to ${formatCents(MAX_TOP_UP_CENTS)}`}
          error={amountError}
        >
          {(ids) => (
            <Input
              {...ids}
              value={amount}
              inputMode="decimal"
              onChange={(event) => {
                setAmount(event.target.value);
                setTouched(true);
              }}
              $invalid={Boolean(amountError)}
            />
          )}
        </Field>
      </Stack>
    </PaymentForm>
  );
}
