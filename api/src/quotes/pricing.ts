import {
  COVERAGE,
  DELIVERY_TYPE_LABELS,
  DELIVERY_WINDOW_LABELS,
  DELIVERY_WINDOWS,
  type DeliveryType,
  type DeliveryWindow,
  type DeliveryZone,
  FEE_TABLE,
  type FeeLine,
  QUOTE_MESSAGES,
  WEIGHT_CLASS_INFO,
  type WeightClass,
} from 'shared-contracts/quotes';
import type { SubscriptionPlan } from 'shared-contracts/subscriptions';

/**
 * The one pricing function. Pure: the same inputs give the same fee, so
 * the quote the person sees, the amount charged at checkout and the retailer API's prices agree.
 *
 * fee = base (curbside $4.99, home $6.99)
 *     + distance band (home only; straight-line miles from the store)
 *     + weight class
 *     + urgency (the window)
 *     − the subscriber plan's percentage of that sum.
 */

export type PlanBenefits = Pick<
  SubscriptionPlan,
  'id' | 'name' | 'curbsideDiscountPercent' | 'homeDeliveryDiscountPercent'
>;

export interface PricingInput {
  deliveryType: DeliveryType;
  /** Miles from the store (one decimal); null for curbside. */
  distanceMiles: number | null;
  weightClass: WeightClass;
  plan: PlanBenefits | null;
}

export interface Price {
  lines: FeeLine[];
  subtotalCents: number;
  discountCents: number;
  feeCents: number;
}

export type Availability = { available: true } | { available: false; reason: string };

/** Which zone an order falls in; null when the address is farther than anything we serve. */
export function zoneFor(
  deliveryType: DeliveryType,
  distanceMiles: number | null,
): DeliveryZone | null {
  if (deliveryType === 'curbside') return 'curbside';
  if (distanceMiles === null || !Number.isFinite(distanceMiles) || distanceMiles < 0) {
    throw new Error('Home delivery needs the distance from the store');
  }
  if (distanceMiles <= COVERAGE.coreZoneMiles) return 'core';
  if (distanceMiles <= COVERAGE.coverageRadiusMiles) return 'extended';
  if (distanceMiles <= COVERAGE.nextDayRadiusMiles) return 'next_day_only';
  return null;
}

/** ASAP only in the core zone (and at the curb); outside coverage only next day. */
export function windowAvailability(zone: DeliveryZone, window: DeliveryWindow): Availability {
  if (zone === 'next_day_only' && window !== 'next_day') {
    return { available: false, reason: QUOTE_MESSAGES.nextDayOnly };
  }
  if (window === 'asap' && zone === 'extended') {
    return { available: false, reason: QUOTE_MESSAGES.asapCoreOnly };
  }
  return { available: true };
}

export function availableWindows(zone: DeliveryZone): DeliveryWindow[] {
  return DELIVERY_WINDOWS.filter((window) => windowAvailability(zone, window).available);
}

export function distanceBandCents(distanceMiles: number): number {
  for (const band of FEE_TABLE.distanceBands) {
    if (distanceMiles <= band.upToMiles) return band.cents;
  }
  throw new Error(`No distance band for ${distanceMiles} miles`);
}

function discountPercent(input: PricingInput): number {
  if (!input.plan) return 0;
  return input.deliveryType === 'curbside'
    ? input.plan.curbsideDiscountPercent
    : input.plan.homeDeliveryDiscountPercent;
}

/** The fee and its breakdown for one window; the caller checks availability first. */
export function priceDelivery(input: PricingInput, window: DeliveryWindow): Price {
  const lines: FeeLine[] = [
    {
      code: 'base',
      label: DELIVERY_TYPE_LABELS[input.deliveryType],
      amountCents: FEE_TABLE.baseCents[input.deliveryType],
    },
  ];
  if (input.deliveryType === 'home') {
    const miles = input.distanceMiles ?? 0;
    lines.push({
      code: 'distance',
      label: `Distance (${miles.toFixed(1)} mi)`,
      amountCents: distanceBandCents(miles),
    });
  }
  lines.push({
    code: 'weight',
    label: `Size: ${WEIGHT_CLASS_INFO[input.weightClass].label}`,
    amountCents: FEE_TABLE.weightCents[input.weightClass],
  });
  lines.push({
    code: 'urgency',
    label: `Timing: ${DELIVERY_WINDOW_LABELS[window]}`,
    amountCents: FEE_TABLE.urgencyCents[window],
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const percent = discountPercent(input);
  // Rounded to the cent in the customer's favour.
  const discountCents = Math.ceil((subtotalCents * percent) / 100);
  if (discountCents > 0 && input.plan) {
    lines.push({
      code: 'discount',
      label:
        percent === 100
          ? `${input.plan.name}: free ${input.deliveryType === 'curbside' ? 'curbside pickup' : 'delivery'}`
          : `${input.plan.name}: ${percent}% off`,
      amountCents: -discountCents,
    });
  }
  return { lines, subtotalCents, discountCents, feeCents: subtotalCents - discountCents };
}
