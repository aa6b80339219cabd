import { CARD_MESSAGES } from 'shared-contracts/payments';
import { describe, expect, it } from 'vitest';
import { EMPTY_CARD, formatCardNumber, formatExpiry } from './card-fields';
import {
  dollarsToCents,
  type PaymentFormValues,
  paymentFormSchema,
  tipCentsOf,
  toPaymentSource,
} from './payment-form-schema';

const base: PaymentFormValues = {
  tipChoice: '300',
  customTip: '',
  method: 'wallet',
  paymentMethodId: '',
  card: EMPTY_CARD,
  save: true,
};

function issues(values: Partial<PaymentFormValues>, withTip = true) {
  const result = paymentFormSchema({ withTip }).safeParse({ ...base, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('tips', () => {
  it('reads presets and custom dollar amounts in cents', () => {
    expect(tipCentsOf({ tipChoice: '500', customTip: '' })).toBe(500);
    expect(tipCentsOf({ tipChoice: 'custom', customTip: '4.5' })).toBe(450);
    expect(dollarsToCents('$12.34')).toBe(1234);
    expect(dollarsToCents('7')).toBe(700);
    expect(dollarsToCents('1.234')).toBeNull();
    expect(dollarsToCents('-1')).toBeNull();
  });

  it('refuses custom tips outside $0–$100', () => {
    expect(issues({ tipChoice: 'custom', customTip: '100.01' })).toEqual({
      customTip: 'Tip must be between $0.00 and $100.00',
    });
    expect(issues({ tipChoice: 'custom', customTip: 'abc' })).toHaveProperty('customTip');
    expect(issues({ tipChoice: 'custom', customTip: 'abc' }, false)).toEqual({});
    expect(issues({ tipChoice: 'custom', customTip: '100' })).toEqual({});
  });
});

describe('payment methods', () => {
  it('needs a saved card to be chosen, and a valid new card', () => {
    expect(issues({ method: 'saved_card' })).toEqual({ paymentMethodId: 'Choose a saved card' });
    expect(issues({ method: 'card' })).toMatchObject({
      'card.number': CARD_MESSAGES.numberRequired,
      'card.expiry': CARD_MESSAGES.expiryRequired,
      'card.cvc': CARD_MESSAGES.cvcRequired,
      'card.name': CARD_MESSAGES.nameRequired,
    });
  });

  it('becomes the API payment source', () => {
    expect(toPaymentSource(base)).toEqual({ type: 'wallet' });
    expect(toPaymentSource({ ...base, method: 'saved_card', paymentMethodId: 'pm' })).toEqual({
      type: 'saved_card',
      paymentMethodId: 'pm',
    });
    const card = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ada' };
    expect(toPaymentSource({ ...base, method: 'card', card, save: false })).toEqual({
      type: 'card',
      card,
      save: false,
    });
  });
});

describe('card input formatting', () => {
  it('groups digits as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
  });

  it('adds the expiry slash', () => {
    expect(formatExpiry('1227')).toBe('12/27');
    expect(formatExpiry('12/')).toBe('12/');
    expect(formatExpiry('1')).toBe('1');
  });
});
