import { MAX_TIP_CENTS, ORDER_MESSAGES, TIP_PRESETS_CENTS } from 'shared-contracts/order-pickups';
import { cardInputSchema, type PaymentSourceInput } from 'shared-contracts/payments';
import { z } from 'zod';
import type { CardFormValues } from './card-fields';

export type PaymentMethodChoice = 'wallet' | 'saved_card' | 'card';

export interface PaymentFormValues {
  /** A preset in cents ("0", "200", …) or "custom". */
  tipChoice: string;
  /** Dollars, as typed, when tipChoice is "custom". */
  customTip: string;
  method: PaymentMethodChoice;
  paymentMethodId: string;
  card: CardFormValues;
  /** Keep the new card as a saved card. */
  save: boolean;
}

export const PAYMENT_FORM_MESSAGES = {
  chooseMethod: 'Choose how to pay',
  chooseCard: 'Choose a saved card',
} as const;

/** "12.5" → 1250; null when it is not a dollar amount with at most two decimals. */
export function dollarsToCents(value: string): number | null {
  const trimmed = value.trim().replace(/^\$/, '');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function tipCentsOf(
  values: Pick<PaymentFormValues, 'tipChoice' | 'customTip'>,
): number | null {
  if (values.tipChoice === 'custom') return dollarsToCents(values.customTip);
  const cents = Number(values.tipChoice);
  return Number.isInteger(cents) ? cents : null;
}

export function isPreset(cents: number): boolean {
  return (TIP_PRESETS_CENTS as readonly number[]).includes(cents);
}

/**
 * The payment form's rules: a tip of $0–$100 (when tips are asked), a way to pay, and for a new
 * card the same `cardInputSchema` the server applies. Issues land on the field they are about.
 */
export function paymentFormSchema(options: { withTip: boolean }) {
  return z
    .object({
      tipChoice: z.string(),
      customTip: z.string(),
      method: z.enum(['wallet', 'saved_card', 'card'], {
        error: PAYMENT_FORM_MESSAGES.chooseMethod,
      }),
      paymentMethodId: z.string(),
      card: z.object({ number: z.string(), expiry: z.string(), cvc: z.string(), name: z.string() }),
      save: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (options.withTip) {
        const tip = tipCentsOf(values);
        if (tip === null || tip < 0 || tip > MAX_TIP_CENTS) {
          ctx.addIssue({ code: 'custom', path: ['customTip'], message: ORDER_MESSAGES.tipRange });
        }
      }
      if (values.method === 'saved_card' && !values.paymentMethodId) {
        ctx.addIssue({
          code: 'custom',
          path: ['paymentMethodId'],
          message: PAYMENT_FORM_MESSAGES.chooseCard,
        });
      }
      if (values.method === 'card') {
        const card = cardInputSchema.safeParse(values.card);
        if (!card.success) {
          for (const issue of card.error.issues) {
            ctx.addIssue({
              code: 'custom',
              path: ['card', ...issue.path.map(String)],
              message: issue.message,
            });
          }
        }
      }
    });
}

/** What the API takes as `payment`. */
export function toPaymentSource(values: PaymentFormValues): PaymentSourceInput {
  switch (values.method) {
    case 'wallet':
      return { type: 'wallet' };
    case 'saved_card':
      return { type: 'saved_card', paymentMethodId: values.paymentMethodId };
    case 'card':
      return { type: 'card', card: values.card, save: values.save };
  }
}
