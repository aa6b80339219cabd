import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useSignedInQuery } from 'shared-auth';
import { errorMessage } from 'shared-client';
import { TIP_PRESETS_CENTS } from 'shared-contracts/order-pickups';
import {
  CARD_BRAND_LABELS,
  formatCents,
  PAYMENT_MESSAGES,
  type PaymentSourceInput,
  TEST_CARDS,
} from 'shared-contracts/payments';
import type { FeeLine } from 'shared-contracts/quotes';
import { Button, Field, Input, Notice, Skeleton, Stack, useSubmitOnce } from 'shared-ui';
import styled from 'styled-components';
import { CardFields, EMPTY_CARD } from './card-fields';
import { ChoiceCard, ChoiceGroup, FieldError } from './choice-card';
import { FeeBreakdown } from './fee-breakdown';
import {
  isPreset,
  type PaymentFormValues,
  type PaymentMethodChoice,
  paymentFormSchema,
  tipCentsOf,
  toPaymentSource,
} from './payment-form-schema';
import { paymentMethodsQueryOptions, walletQueryOptions } from './payments-api';
import { PresetChip, PresetChips } from './preset-chips';

const Checkbox = styled.label`
  display: flex;
  gap: 10px;
  align-items: center;
  input {
    width: 18px;
    height: 18px;
  }
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  h3 {
    font-size: 1.125rem;
    margin: 0;
  }
`;

export interface PaymentPreferences {
  tipCents: number;
  method: PaymentMethodChoice;
  paymentMethodId: string;
}

export interface PaymentFormProps {
  /** The fee's breakdown; null while it is being priced. */
  feeLines: readonly FeeLine[] | null;
  /** Ask for a tip (orders) or not (subscriptions, top-ups). */
  withTip?: boolean;
  /** Offer the wallet as a way to pay. */
  allowWallet?: boolean;
  /**
   * A test-mode checkout: only a test card typed here (never the wallet or a saved card, and the
   * card is not saved), with the test card numbers shown.
   */
  testCardsOnly?: boolean;
  /** Where the form starts (a saved draft); card details are never saved. */
  initial?: Partial<PaymentPreferences>;
  /** Told about tip and method changes, to keep them in a draft. */
  onPreferencesChange?: (preferences: PaymentPreferences) => void;
  /** The Pay button's text; `null` while there is no price yet. */
  payLabel: (totalCents: number | null) => string;
  /** Runs the payment; a rejected promise's message is shown and the form is kept. */
  onPay: (payment: {
    source: PaymentSourceInput;
    tipCents: number;
    totalCents: number;
  }) => Promise<void>;
  /** Disables paying (e.g. while the price is out of date). */
  disabled?: boolean;
  children?: ReactNode;
}

/**
 * Tip, how to pay (wallet, a saved card or a new card) and the total's breakdown, with the Pay
 * button. Paying is disabled while a payment is pending and a second click is ignored, so a
 * double click can never send two payments.
 */
export function PaymentForm({
  feeLines,
  withTip = true,
  allowWallet = true,
  testCardsOnly = false,
  initial,
  onPreferencesChange,
  payLabel,
  onPay,
  disabled = false,
  children,
}: PaymentFormProps) {
  // In test mode the customer's real money is not even looked at.
  // With the page when the server renders it for the customer (ADR 015).
  const wallet = useSignedInQuery(walletQueryOptions(), {
    enabled: allowWallet && !testCardsOnly,
  });
  const cards = useSignedInQuery(paymentMethodsQueryOptions(), { enabled: !testCardsOnly });
  const initialTip = initial?.tipCents ?? 0;
  const form = useForm<PaymentFormValues>({
    resolver: zodResolver(paymentFormSchema({ withTip })),
    defaultValues: {
      tipChoice: isPreset(initialTip) ? String(initialTip) : 'custom',
      customTip: isPreset(initialTip) ? '' : (initialTip / 100).toFixed(2),
      method: testCardsOnly ? 'card' : (initial?.method ?? 'card'),
      paymentMethodId: testCardsOnly ? '' : (initial?.paymentMethodId ?? ''),
      card: EMPTY_CARD,
      save: !testCardsOnly,
    },
  });
  const values = useWatch({ control: form.control });
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const choseMethod = useRef(testCardsOnly || Boolean(initial?.method));

  // With saved cards and no earlier choice, start on the default card.
  useEffect(() => {
    if (choseMethod.current || !cards.data) return;
    const preferred = cards.data.find((card) => card.isDefault) ?? cards.data[0];
    if (preferred) {
      form.setValue('method', 'saved_card');
      form.setValue('paymentMethodId', preferred.id);
    }
    choseMethod.current = true;
  }, [cards.data, form]);

  const tipCents = withTip
    ? (tipCentsOf({ tipChoice: values.tipChoice ?? '0', customTip: values.customTip ?? '' }) ?? 0)
    : 0;
  const feeCents = feeLines ? feeLines.reduce((sum, line) => sum + line.amountCents, 0) : null;
  const totalCents = feeCents === null ? null : feeCents + tipCents;

  useEffect(() => {
    if (!onPreferencesChange || !values.method) return;
    onPreferencesChange({
      tipCents,
      method: values.method,
      paymentMethodId: values.paymentMethodId ?? '',
    });
  }, [onPreferencesChange, tipCents, values.method, values.paymentMethodId]);

  const balance = wallet.data?.balanceCents;
  const submit = useSubmitOnce(
    form.handleSubmit(async (submitted) => {
      if (totalCents === null) return;
      if (submitted.method === 'wallet' && balance !== undefined && balance < totalCents) {
        form.setError('method', {
          message: PAYMENT_MESSAGES.walletInsufficient(
            formatCents(balance),
            formatCents(totalCents),
          ),
        });
        return;
      }
      setSubmitting(true);
      setServerError(null);
      try {
        await onPay({ source: toPaymentSource(submitted), tipCents, totalCents });
      } catch (error) {
        setServerError(errorMessage(error, 'The payment did not go through. Please try again.'));
      } finally {
        setSubmitting(false);
      }
    }),
  );

  const { errors } = form.formState;
  const setMethod = (method: string) => {
    choseMethod.current = true;
    form.setValue('method', method as PaymentMethodChoice, { shouldValidate: false });
    form.clearErrors('method');
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Payment">
        <Stack $gap={24}>
          {children}
          {withTip ? (
            <Section aria-labelledby="tip-heading">
              <h3 id="tip-heading">Tip</h3>
              <p>100% of your tip goes to your driver or robot handler.</p>
              <PresetChips role="group" aria-label="Tip amount">
                {TIP_PRESETS_CENTS.map((cents) => (
                  <PresetChip
                    key={cents}
                    type="button"
                    $active={values.tipChoice === String(cents)}
                    aria-pressed={values.tipChoice === String(cents)}
                    onClick={() => {
                      form.setValue('tipChoice', String(cents));
                      form.clearErrors('customTip');
                    }}
                  >
                    {cents === 0 ? 'No tip' : formatCents(cents)}
                  </PresetChip>
                ))}
                <PresetChip
                  type="button"
                  $active={values.tipChoice === 'custom'}
                  aria-pressed={values.tipChoice === 'custom'}
                  onClick={() => form.setValue('tipChoice', 'custom')}
                >
                  Custom
                </PresetChip>
              </PresetChips>
              {values.tipChoice === 'custom' ? (
                <Field label="Custom tip (dollars)" error={errors.customTip?.message}>
                  {(ids) => (
                    <Input
                      {...ids}
                      {...form.register('customTip')}
                      inputMode="decimal"
                      placeholder="4.00"
                      $invalid={Boolean(errors.customTip)}
                    />
                  )}
                </Field>
              ) : null}
            </Section>
          ) : null}

          {testCardsOnly ? (
            <Section aria-labelledby="method-heading">
              <h3 id="method-heading">Test card</h3>
              <Notice tone="info" title="Test mode: no real money moves">
                Pay with a test card: {TEST_CARDS.success} (or {TEST_CARDS.successMastercard})
                succeeds, {TEST_CARDS.declined} is declined. Any future expiry and any CVC. Your
                wallet and saved cards are never used in test mode.
              </Notice>
              <CardFields />
            </Section>
          ) : (
            <Section aria-labelledby="method-heading">
              <h3 id="method-heading">Payment method</h3>
              <ChoiceGroup
                aria-labelledby="method-heading"
                aria-describedby={errors.method ? 'method-error' : undefined}
              >
                {allowWallet ? (
                  <ChoiceCard
                    name="payment-method"
                    value="wallet"
                    checked={values.method === 'wallet'}
                    onChange={setMethod}
                    title="Wallet"
                    description={
                      wallet.isPending ? (
                        <Skeleton $width="120px" />
                      ) : balance !== undefined ? (
                        `Balance ${formatCents(balance)}`
                      ) : (
                        'Balance unavailable'
                      )
                    }
                  />
                ) : null}
                {cards.data?.map((card) => (
                  <ChoiceCard
                    key={card.id}
                    name="payment-method"
                    value={`saved:${card.id}`}
                    checked={values.method === 'saved_card' && values.paymentMethodId === card.id}
                    onChange={() => {
                      setMethod('saved_card');
                      form.setValue('paymentMethodId', card.id);
                    }}
                    title={`${CARD_BRAND_LABELS[card.brand]} •••• ${card.last4}`}
                    description={`Expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}${card.isDefault ? ' · Default' : ''}`}
                  />
                ))}
                <ChoiceCard
                  name="payment-method"
                  value="card"
                  checked={values.method === 'card'}
                  onChange={setMethod}
                  title="New card"
                  description="Visa, Mastercard, American Express or Discover"
                />
              </ChoiceGroup>
              {errors.method?.message ? (
                <FieldError id="method-error" role="alert">
                  {errors.method.message}
                </FieldError>
              ) : null}
              {errors.paymentMethodId?.message ? (
                <FieldError role="alert">{errors.paymentMethodId.message}</FieldError>
              ) : null}
              {values.method === 'card' ? (
                <Stack $gap={12}>
                  <CardFields />
                  <Checkbox>
                    <input type="checkbox" {...form.register('save')} />
                    Save this card for next time
                  </Checkbox>
                </Stack>
              ) : null}
            </Section>
          )}

          <Section aria-labelledby="summary-heading" aria-live="polite">
            <h3 id="summary-heading">Summary</h3>
            {feeLines ? (
              <FeeBreakdown lines={feeLines} tipCents={withTip ? tipCents : undefined} />
            ) : (
              <Stack $gap={8} aria-busy="true">
                <Skeleton $height="1.2em" />
                <Skeleton $height="1.2em" />
                <Skeleton $height="1.2em" $width="60%" />
              </Stack>
            )}
          </Section>

          {serverError ? (
            <Notice tone="danger" role="alert" title="Payment failed">
              {serverError}
            </Notice>
          ) : null}

          <Button
            type="submit"
            size="lg"
            block
            loading={submitting}
            loadingLabel="Paying…"
            disabled={disabled || totalCents === null || submitting}
          >
            {payLabel(totalCents)}
          </Button>
        </Stack>
      </form>
    </FormProvider>
  );
}
