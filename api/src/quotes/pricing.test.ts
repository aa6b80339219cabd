import { COVERAGE, QUOTE_MESSAGES } from 'shared-contracts/quotes';
import { SUBSCRIPTION_PLANS } from 'shared-contracts/subscriptions';
import { describe, expect, it } from 'vitest';
import {
  availableWindows,
  distanceBandCents,
  type PricingInput,
  priceDelivery,
  windowAvailability,
  zoneFor,
} from './pricing.ts';

const plus = SUBSCRIPTION_PLANS.find((plan) => plan.id === 'plus');
const premium = SUBSCRIPTION_PLANS.find((plan) => plan.id === 'premium');
if (!plus || !premium) throw new Error('plans missing');

const home = (distanceMiles: number, extra: Partial<PricingInput> = {}): PricingInput => ({
  deliveryType: 'home',
  distanceMiles,
  weightClass: 'small',
  plan: null,
  ...extra,
});
const curbside = (extra: Partial<PricingInput> = {}): PricingInput => ({
  deliveryType: 'curbside',
  distanceMiles: null,
  weightClass: 'small',
  plan: null,
  ...extra,
});

describe('the fee table', () => {
  it('starts curbside at $4.99 and home delivery at $6.99', () => {
    expect(priceDelivery(curbside(), '6h').feeCents).toBe(499);
    expect(priceDelivery(home(0), '6h').feeCents).toBe(699);
    expect(priceDelivery(home(2.9), 'next_day').feeCents).toBe(699);
  });

  it.each([
    [0, 0],
    [3, 0],
    [3.1, 200],
    [10, 200],
    [10.1, 450],
    [25, 450],
    [25.1, 800],
    [60, 800],
  ])('charges the distance band for %s miles: %s cents', (miles, cents) => {
    expect(distanceBandCents(miles)).toBe(cents);
    expect(priceDelivery(home(miles), 'next_day').feeCents).toBe(699 + cents);
  });

  it('has no band beyond the next-day radius', () => {
    expect(() => distanceBandCents(60.1)).toThrow(/No distance band/);
  });

  it.each([
    ['small', 0],
    ['medium', 150],
    ['large', 350],
    ['extra_large', 600],
  ] as const)(
    'adds the %s weight class: %s cents, for curbside and home alike',
    (weightClass, cents) => {
      expect(priceDelivery(curbside({ weightClass }), '6h').feeCents).toBe(499 + cents);
      expect(priceDelivery(home(1, { weightClass }), '6h').feeCents).toBe(699 + cents);
    },
  );

  it.each([
    ['asap', 300],
    ['2h', 200],
    ['4h', 100],
    ['6h', 0],
    ['next_day', 0],
  ] as const)('adds urgency for %s: %s cents', (window, cents) => {
    expect(priceDelivery(curbside(), window).feeCents).toBe(499 + cents);
  });

  it('lists every part of the fee, adding up to the total', () => {
    const price = priceDelivery(home(12.3, { weightClass: 'large' }), '2h');
    expect(price.lines).toEqual([
      { code: 'base', label: 'Home delivery', amountCents: 699 },
      { code: 'distance', label: 'Distance (12.3 mi)', amountCents: 450 },
      { code: 'weight', label: 'Size: Large', amountCents: 350 },
      { code: 'urgency', label: 'Timing: 2-hour window', amountCents: 200 },
    ]);
    expect(price.subtotalCents).toBe(1699);
    expect(price.discountCents).toBe(0);
    expect(price.feeCents).toBe(1699);
  });
});

describe('zones and windows', () => {
  it('puts curbside at the store and home addresses by distance', () => {
    expect(zoneFor('curbside', null)).toBe('curbside');
    expect(zoneFor('home', 0)).toBe('core');
    expect(zoneFor('home', COVERAGE.coreZoneMiles)).toBe('core');
    expect(zoneFor('home', 10.1)).toBe('extended');
    expect(zoneFor('home', COVERAGE.coverageRadiusMiles)).toBe('extended');
    expect(zoneFor('home', 25.1)).toBe('next_day_only');
    expect(zoneFor('home', COVERAGE.nextDayRadiusMiles)).toBe('next_day_only');
    expect(zoneFor('home', 60.1)).toBeNull();
  });

  it('refuses a home delivery without a distance', () => {
    expect(() => zoneFor('home', null)).toThrow(/distance/);
  });

  it('offers ASAP only in the core zone and at the curb', () => {
    expect(availableWindows('curbside')).toEqual(['asap', '2h', '4h', '6h', 'next_day']);
    expect(availableWindows('core')).toEqual(['asap', '2h', '4h', '6h', 'next_day']);
    expect(availableWindows('extended')).toEqual(['2h', '4h', '6h', 'next_day']);
    expect(windowAvailability('extended', 'asap')).toEqual({
      available: false,
      reason: QUOTE_MESSAGES.asapCoreOnly,
    });
  });

  it('offers only next day outside the coverage radius', () => {
    expect(availableWindows('next_day_only')).toEqual(['next_day']);
    for (const window of ['asap', '2h', '4h', '6h'] as const) {
      expect(windowAvailability('next_day_only', window)).toEqual({
        available: false,
        reason: QUOTE_MESSAGES.nextDayOnly,
      });
    }
  });
});

describe('subscriber discounts', () => {
  it('makes curbside free on both plans, urgency and weight included', () => {
    for (const plan of [plus, premium]) {
      const price = priceDelivery(curbside({ plan, weightClass: 'medium' }), 'asap');
      expect(price.subtotalCents).toBe(499 + 150 + 300);
      expect(price.discountCents).toBe(949);
      expect(price.feeCents).toBe(0);
      expect(price.lines.at(-1)).toEqual({
        code: 'discount',
        label: `${plan.name}: free curbside pickup`,
        amountCents: -949,
      });
    }
  });

  it('takes 25% (Plus) or 50% (Premium) off home delivery, rounding in the customer’s favour', () => {
    // 699 + 200 (5 mi) + 0 + 100 (4h) = 999
    const plusPrice = priceDelivery(home(5, { plan: plus }), '4h');
    expect(plusPrice.subtotalCents).toBe(999);
    expect(plusPrice.discountCents).toBe(250); // 249.75 rounded up
    expect(plusPrice.feeCents).toBe(749);
    expect(plusPrice.lines.at(-1)?.label).toBe('CurbRun Plus: 25% off');

    const premiumPrice = priceDelivery(home(5, { plan: premium }), '4h');
    expect(premiumPrice.discountCents).toBe(500); // 499.5 rounded up
    expect(premiumPrice.feeCents).toBe(499);
  });

  it('adds no discount line without a plan', () => {
    const price = priceDelivery(home(5), '4h');
    expect(price.lines.map((line) => line.code)).not.toContain('discount');
  });
});
