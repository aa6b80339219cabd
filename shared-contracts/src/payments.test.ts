import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cardInputSchema,
  detectCardBrand,
  formatCents,
  isExpired,
  parseExpiry,
  passesLuhn,
  TEST_CARDS,
} from './payments.ts';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
const validCard: Record<'number' | 'expiry' | 'cvc' | 'name', string> = {
  number: TEST_CARDS.success,
  expiry: `12/${nextYear}`,
  cvc: '123',
  name: 'Ada Lovelace',
};

function errorsOf(card: Partial<typeof validCard>): Record<string, string> {
  const result = cardInputSchema.safeParse({ ...validCard, ...card });
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('Luhn', () => {
  it.each(Object.values(TEST_CARDS))('accepts the test card %s', (number) => {
    expect(passesLuhn(number.replaceAll(' ', ''))).toBe(true);
  });

  it('rejects a number with one digit changed, and non-digits', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242x42424242424')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('card brands', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2223 0031 2200 3222', 'mastercard'],
    ['3782 822463 10005', 'amex'],
    ['6011 1111 1111 1117', 'discover'],
    ['9999 9999 9999 9995', 'unknown'],
  ] as const)('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});

describe('expiry', () => {
  it('reads MM/YY with or without the slash', () => {
    expect(parseExpiry('04/27')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('0427')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry(' 04 / 27 ')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('4/27')).toBeNull();
    expect(parseExpiry('04/2027')).toBeNull();
  });

  it('is valid through the last day of its month', () => {
    const now = new Date(2026, 5, 30); // 30 June 2026
    expect(isExpired(6, 2026, now)).toBe(false);
    expect(isExpired(5, 2026, now)).toBe(true);
    expect(isExpired(1, 2027, now)).toBe(false);
    expect(isExpired(12, 2025, now)).toBe(true);
  });
});

describe('the card form schema', () => {
  it('accepts a valid card', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('says what is wrong with the number', () => {
    expect(errorsOf({ number: '' })).toEqual({ number: CARD_MESSAGES.numberRequired });
    expect(errorsOf({ number: '4242-4242-abcd' })).toEqual({
      number: CARD_MESSAGES.numberCharacters,
    });
    expect(errorsOf({ number: '4242 4242' })).toEqual({ number: CARD_MESSAGES.numberLength });
    expect(errorsOf({ number: '4242 4242 4242 4241' })).toEqual({
      number: CARD_MESSAGES.numberInvalid,
    });
  });

  it('says what is wrong with the expiry', () => {
    expect(errorsOf({ expiry: '' })).toEqual({ expiry: CARD_MESSAGES.expiryRequired });
    expect(errorsOf({ expiry: '1/2' })).toEqual({ expiry: CARD_MESSAGES.expiryFormat });
    expect(errorsOf({ expiry: `13/${nextYear}` })).toEqual({ expiry: CARD_MESSAGES.expiryMonth });
    expect(errorsOf({ expiry: '01/20' })).toEqual({ expiry: CARD_MESSAGES.expiryPast });
    expect(errorsOf({ expiry: '01/99' })).toEqual({ expiry: CARD_MESSAGES.expiryTooFar });
  });

  it('needs 3 CVC digits, or 4 for American Express', () => {
    expect(errorsOf({ cvc: '' })).toEqual({ cvc: CARD_MESSAGES.cvcRequired });
    expect(errorsOf({ cvc: '12' })).toEqual({ cvc: CARD_MESSAGES.cvc3 });
    expect(errorsOf({ cvc: '1234' })).toEqual({ cvc: CARD_MESSAGES.cvc3 });
    expect(errorsOf({ number: TEST_CARDS.successAmex, cvc: '123' })).toEqual({
      cvc: CARD_MESSAGES.cvc4,
    });
    expect(errorsOf({ number: TEST_CARDS.successAmex, cvc: '1234' })).toEqual({});
  });

  it('needs the name on the card', () => {
    expect(errorsOf({ name: '  ' })).toEqual({ name: CARD_MESSAGES.nameRequired });
  });
});

describe('formatCents', () => {
  it('writes dollars and cents', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(499)).toBe('$4.99');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-250)).toBe('-$2.50');
  });
});

describe('several wrong fields at once', () => {
  it('reports each field', () => {
    expect(errorsOf({ number: '', expiry: '1/2', name: '' })).toMatchObject({
      number: CARD_MESSAGES.numberRequired,
      expiry: CARD_MESSAGES.expiryFormat,
      name: CARD_MESSAGES.nameRequired,
    });
  });
});
