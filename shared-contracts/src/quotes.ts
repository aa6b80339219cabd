import { z } from 'zod';
import { addressInputSchema } from './addresses.ts';
import { subscriptionPlanIdSchema } from './subscriptions.ts';
import { safeText } from './text.ts';

/**
 * Delivery quotes. The server prices every order; these are the inputs,
 * the answer and the published fee table the pricing function applies, so pages can say
 * "from $4.99" from the same numbers the server charges.
 */

export const DELIVERY_TYPES = ['curbside', 'home'] as const;
export const deliveryTypeSchema = z.enum(DELIVERY_TYPES, {
  error: 'Choose curbside pickup or home delivery',
});
export type DeliveryType = z.infer<typeof deliveryTypeSchema>;

export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  curbside: 'Curbside pickup',
  home: 'Home delivery',
};

export const WEIGHT_CLASSES = ['small', 'medium', 'large', 'extra_large'] as const;
export const weightClassSchema = z.enum(WEIGHT_CLASSES, { error: 'Choose a size and weight' });
export type WeightClass = z.infer<typeof weightClassSchema>;

export const WEIGHT_CLASS_INFO: Record<WeightClass, { label: string; description: string }> = {
  small: { label: 'Small', description: 'Up to 10 lb: a shoebox or a couple of bags' },
  medium: { label: 'Medium', description: '10–25 lb: several bags or a mid-size box' },
  large: { label: 'Large', description: '25–50 lb: bulky boxes or many bags' },
  extra_large: { label: 'Extra large', description: '50–80 lb: heavy or oversized items' },
};

/**
 * How soon. ASAP arrives in 1–2 hours and needs the core zone; 2-, 4- and 6-hour windows start
 * once the store has the order ready (about an hour); next-day arrives tomorrow 9 a.m.–9 p.m.
 */
export const DELIVERY_WINDOWS = ['asap', '2h', '4h', '6h', 'next_day'] as const;
export const deliveryWindowSchema = z.enum(DELIVERY_WINDOWS, { error: 'Choose a time window' });
export type DeliveryWindow = z.infer<typeof deliveryWindowSchema>;

export const DELIVERY_WINDOW_LABELS: Record<DeliveryWindow, string> = {
  asap: 'ASAP (1–2 hours)',
  '2h': '2-hour window',
  '4h': '4-hour window',
  '6h': '6-hour window',
  next_day: 'Next day',
};

/**
 * Where an address falls relative to the store (straight-line miles):
 * - `curbside`: no address, the order is brought to the car at the store;
 * - `core`: up to 10 miles, every window including ASAP;
 * - `extended`: up to the 25-mile coverage radius, 2-, 4- or 6-hour windows or next day;
 * - `next_day_only`: outside coverage but within 60 miles, next day only.
 * Farther than 60 miles is not served.
 */
export const DELIVERY_ZONES = ['curbside', 'core', 'extended', 'next_day_only'] as const;
export const deliveryZoneSchema = z.enum(DELIVERY_ZONES);
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const COVERAGE = {
  coreZoneMiles: 10,
  coverageRadiusMiles: 25,
  nextDayRadiusMiles: 60,
} as const;

/**
 * The published fee table (cents). Fee = base + distance band + weight + urgency, minus the
 * subscriber discount on that sum. Distance bands are inclusive upper bounds in miles.
 */
export const FEE_TABLE = {
  baseCents: { curbside: 499, home: 699 } satisfies Record<DeliveryType, number>,
  distanceBands: [
    { upToMiles: 3, cents: 0 },
    { upToMiles: 10, cents: 200 },
    { upToMiles: 25, cents: 450 },
    { upToMiles: 60, cents: 800 },
  ],
  weightCents: { small: 0, medium: 150, large: 350, extra_large: 600 } satisfies Record<
    WeightClass,
    number
  >,
  urgencyCents: { asap: 300, '2h': 200, '4h': 100, '6h': 0, next_day: 0 } satisfies Record<
    DeliveryWindow,
    number
  >,
} as const;

export const MIN_BAGS = 1;
export const MAX_BAGS = 20;

export const QUOTE_MESSAGES = {
  bags: `Number of bags must be between ${MIN_BAGS} and ${MAX_BAGS}`,
  bagsRequired: 'Enter the number of bags',
  addressRequired: 'Choose a saved address or enter a delivery address',
  storeRequired: 'Choose a store',
  storeNotFound: 'Store not found',
  storeNoCurbside: (store: string) =>
    `${store} does not offer curbside pickup. Choose home delivery or another store.`,
  storeNoHome: (store: string) =>
    `${store} does not offer home delivery. Choose curbside pickup or another store.`,
  tooFar: (miles: string, store: string) =>
    `This address is ${miles} miles from ${store}; we deliver up to ${COVERAGE.nextDayRadiusMiles} miles from the store. Choose a store closer to the address.`,
  asapCoreOnly: `ASAP delivery is only available within ${COVERAGE.coreZoneMiles} miles of the store. Choose a 2-, 4- or 6-hour window.`,
  nextDayOnly: `This address is outside our ${COVERAGE.coverageRadiusMiles}-mile same-day area; only next-day delivery is available.`,
} as const;

export const bagsSchema = z
  .number({ error: QUOTE_MESSAGES.bagsRequired })
  .int(QUOTE_MESSAGES.bags)
  .min(MIN_BAGS, QUOTE_MESSAGES.bags)
  .max(MAX_BAGS, QUOTE_MESSAGES.bags);

/**
 * Where a home delivery goes: a saved address of the caller (`addressId`) or one typed in.
 * Curbside orders send neither.
 */
export const deliveryDestinationSchema = z.object({
  addressId: z.uuid('Choose a saved address').optional(),
  address: addressInputSchema.optional(),
});

/** `POST /api/quotes`. Without `window` the fastest window the address qualifies for is priced. */
export const quoteRequestSchema = z
  .object({
    storeId: safeText('Store').min(1, QUOTE_MESSAGES.storeRequired).max(80),
    deliveryType: deliveryTypeSchema,
    ...deliveryDestinationSchema.shape,
    window: deliveryWindowSchema.optional(),
    bags: bagsSchema,
    weightClass: weightClassSchema,
  })
  .superRefine((quote, ctx) => {
    if (quote.deliveryType === 'home' && !quote.addressId && !quote.address) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: QUOTE_MESSAGES.addressRequired });
    }
  })
  .meta({ id: 'QuoteRequest' });
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const FEE_LINE_CODES = ['base', 'distance', 'weight', 'urgency', 'discount'] as const;
export const feeLineSchema = z
  .object({
    code: z.enum(FEE_LINE_CODES),
    label: z.string(),
    amountCents: z.number().int(),
  })
  .meta({ id: 'FeeLine' });
export type FeeLine = z.infer<typeof feeLineSchema>;

export const windowOptionSchema = z
  .object({
    window: deliveryWindowSchema,
    label: z.string(),
    /** Whether this address and store qualify for the window. */
    available: z.boolean(),
    /** Why not, when `available` is false. */
    reason: z.string().nullable(),
    /** When the order would arrive (ISO 8601), if chosen now. */
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    /** The fee with this window, when available. */
    feeCents: z.number().int().nullable(),
    /** Its breakdown (the discount line included), when available. */
    lines: z.array(feeLineSchema).nullable(),
    discountCents: z.number().int().nullable(),
  })
  .meta({ id: 'WindowOption' });
export type WindowOption = z.infer<typeof windowOptionSchema>;

export const quoteSchema = z
  .object({
    storeId: z.string(),
    deliveryType: deliveryTypeSchema,
    weightClass: weightClassSchema,
    bags: z.number().int(),
    /** Straight-line miles from the store, one decimal; null for curbside. */
    distanceMiles: z.number().nullable(),
    zone: deliveryZoneSchema,
    /** The window priced below. */
    window: deliveryWindowSchema,
    windows: z.array(windowOptionSchema),
    lines: z.array(feeLineSchema),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    /** What the delivery costs: subtotal minus discount. Tips come on top at payment. */
    feeCents: z.number().int(),
    plan: z.object({ id: subscriptionPlanIdSchema, name: z.string() }).nullable(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;
