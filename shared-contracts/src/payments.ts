import { z } from 'zod';
import { safeText } from './text.ts';

/**
 * Payments: card validation shared by the card form and the server, the ways to pay
 * (wallet, a saved card, a new card), saved payment methods and payment records. Money is always
 * integer cents in US dollars.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export const cardBrandSchema = z.enum(CARD_BRANDS);
export type CardBrand = z.infer<typeof cardBrandSchema>;

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberCharacters: 'Card number may contain only digits and spaces',
  numberLength: 'Card number must be 13 to 19 digits',
  numberInvalid: 'Card number is not valid; check the digits',
  expiryRequired: 'Expiry date is required',
  expiryFormat: 'Expiry date must be MM/YY',
  expiryMonth: 'Expiry month must be between 01 and 12',
  expiryPast: 'This card has expired',
  expiryTooFar: 'Expiry date is too far in the future',
  cvcRequired: 'CVC is required',
  cvc3: 'CVC must be 3 digits',
  cvc4: 'CVC must be 4 digits for American Express',
  nameRequired: 'Name on card is required',
  nameMax: 'Name on card must be at most 80 characters',
} as const;

/** Digits only ("4242 4242 4242 4242" → "4242424242424242"). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The brand from the number's leading digits (IIN ranges). */
export function detectCardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  const first2 = Number(digits.slice(0, 2));
  const first4 = Number(digits.slice(0, 4));
  if ((first2 >= 51 && first2 <= 55) || (digits.length >= 4 && first4 >= 2221 && first4 <= 2720)) {
    return 'mastercard';
  }
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** "0427" or "04/27" or "04 / 27" → { month: 4, year: 2027 }; null when not MM/YY. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/?\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(month: number, year: number, now: Date): boolean {
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

const MAX_YEARS_AHEAD = 20;

/**
 * A card typed into a form. The same schema validates the form (messages appear under the
 * fields) and the server (which never trusts the browser). Only brand and last 4 are ever stored.
 */
export const cardInputSchema = z
  .object({
    number: safeText('Card number')
      .min(1, { error: CARD_MESSAGES.numberRequired, abort: true })
      .regex(/^[\d\s-]+$/, { error: CARD_MESSAGES.numberCharacters, abort: true })
      .superRefine((number, ctx) => {
        const digits = cardDigits(number);
        if (digits.length < 13 || digits.length > 19) {
          ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.numberLength });
        } else if (!passesLuhn(digits)) {
          ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.numberInvalid });
        }
      }),
    expiry: safeText('Expiry')
      .min(1, { error: CARD_MESSAGES.expiryRequired, abort: true })
      .superRefine((value, ctx) => {
        const expiry = parseExpiry(value);
        const now = new Date();
        if (!expiry) {
          ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiryFormat });
        } else if (expiry.month < 1 || expiry.month > 12) {
          ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiryMonth });
        } else if (isExpired(expiry.month, expiry.year, now)) {
          ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiryPast });
        } else if (expiry.year > now.getFullYear() + MAX_YEARS_AHEAD) {
          ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiryTooFar });
        }
      }),
    cvc: safeText('CVC')
      .min(1, { error: CARD_MESSAGES.cvcRequired, abort: true })
      .regex(/^\d{3,4}$/, CARD_MESSAGES.cvc3),
    name: safeText('Name').min(1, CARD_MESSAGES.nameRequired).max(80, CARD_MESSAGES.nameMax),
  })
  .superRefine((card, ctx) => {
    // The CVC's length depends on the brand: 4 digits for American Express, 3 for the others.
    const amex = detectCardBrand(card.number) === 'amex';
    if (amex && card.cvc.length !== 4) {
      ctx.addIssue({ code: 'custom', path: ['cvc'], message: CARD_MESSAGES.cvc4 });
    } else if (!amex && card.cvc.length !== 3) {
      ctx.addIssue({ code: 'custom', path: ['cvc'], message: CARD_MESSAGES.cvc3 });
    }
  })
  .meta({ id: 'CardInput' });
export type CardInput = z.infer<typeof cardInputSchema>;

/**
 * Cards the embedded "test" payment provider knows, like a processor's test mode. Any other
 * number that passes the checks above is declined, as a real test mode declines real cards.
 */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  successMastercard: '5555 5555 5555 4444',
  successAmex: '3782 822463 10005',
  successDiscover: '6011 1111 1111 1117',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** What a failed card payment tells the person (HTTP 402). */
export const PAYMENT_MESSAGES = {
  cardDeclined: 'Your card was declined. Try another card or pay from your wallet.',
  insufficientFunds: 'Your card has insufficient funds. Try another card or pay from your wallet.',
  notTestCard:
    'Your card was declined: payments run in test mode, so use a test card such as 4242 4242 4242 4242.',
  processingError: 'We could not reach the card processor. Please try again in a moment.',
  walletInsufficient: (balance: string, needed: string) =>
    `Your wallet balance (${balance}) is not enough to pay ${needed}. Add funds or pay by card.`,
  paymentMethodNotFound: 'That saved card was not found. Choose another payment method.',
} as const;

// ---------------------------------------------------------------------------------------------
// How to pay.

/** The three ways to pay anything (orders, top-ups, subscriptions). */
export const paymentSourceSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('wallet') }),
    z.object({ type: z.literal('saved_card'), paymentMethodId: z.uuid('Choose a saved card') }),
    z.object({
      type: z.literal('card'),
      card: cardInputSchema,
      /** Keep the card (brand and last 4 only) as a saved payment method. */
      save: z.boolean().default(false),
    }),
  ])
  .meta({ id: 'PaymentSource' });
export type PaymentSource = z.infer<typeof paymentSourceSchema>;
export type PaymentSourceInput = z.input<typeof paymentSourceSchema>;

/** Card-only sources (wallet top-ups cannot be paid from the wallet). */
export const cardPaymentSourceSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('saved_card'), paymentMethodId: z.uuid('Choose a saved card') }),
    z.object({ type: z.literal('card'), card: cardInputSchema, save: z.boolean().default(false) }),
  ])
  .meta({ id: 'CardPaymentSource' });
export type CardPaymentSource = z.infer<typeof cardPaymentSourceSchema>;

// ---------------------------------------------------------------------------------------------
// Saved payment methods.

export const MAX_PAYMENT_METHODS = 10;

export const paymentMethodSchema = z
  .object({
    id: z.uuid(),
    brand: cardBrandSchema,
    last4: z.string().regex(/^\d{4}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int(),
    nameOnCard: z.string(),
    isDefault: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListSchema = z.array(paymentMethodSchema);

/** `POST /api/payment-methods`: verify a card with the provider and keep it. */
export const createPaymentMethodRequestSchema = z
  .object({ card: cardInputSchema, makeDefault: z.boolean().default(false) })
  .meta({ id: 'CreatePaymentMethodRequest' });
export type CreatePaymentMethodRequest = z.input<typeof createPaymentMethodRequestSchema>;

export const paymentMethodParamsSchema = z.object({ id: z.uuid('Payment method not found') });

// ---------------------------------------------------------------------------------------------
// Payment records as the owner sees them.

export const PAYMENT_KINDS = ['order', 'wallet_top_up', 'subscription'] as const;
export const paymentKindSchema = z.enum(PAYMENT_KINDS);
export type PaymentKind = z.infer<typeof paymentKindSchema>;

export const PAYMENT_STATUSES = ['succeeded', 'partially_refunded', 'refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const PAYMENT_METHOD_TYPES = ['card', 'wallet'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** How a payment was made, for receipts: "Visa •••• 4242" or "Wallet". */
export const paymentSummarySchema = z
  .object({
    id: z.uuid(),
    method: z.enum(PAYMENT_METHOD_TYPES),
    cardBrand: cardBrandSchema.nullable(),
    cardLast4: z.string().nullable(),
    amountCents: z.number().int(),
    refundedCents: z.number().int(),
    status: paymentStatusSchema,
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'PaymentSummary' });
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

// One formatter for the apps and the widget (money.ts has no zod).
export { formatCents } from './money';
