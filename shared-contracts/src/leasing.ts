import { z } from 'zod';
import { cardInputSchema } from './payments.ts';
import { safeText } from './text.ts';

/**
 * Robot leasing: retailers lease CurbRun delivery robots for their stores. The catalog
 * and the price function live here so the calculator on `/robot-leasing` and the server that
 * charges the first month compute the same amounts (integer cents).
 */

export const ROBOT_MODEL_IDS = ['scout', 'courier', 'hauler'] as const;
export const robotModelIdSchema = z.enum(ROBOT_MODEL_IDS, { error: 'Choose a robot model' });
export type RobotModelId = z.infer<typeof robotModelIdSchema>;

export interface RobotModel {
  id: RobotModelId;
  name: string;
  tagline: string;
  /** Shopping bags the compartment holds, and the weight limit. */
  capacityBags: number;
  capacityLb: number;
  /** Miles on one charge. */
  rangeMiles: number;
  /** Top speed on sidewalks and parking lots. */
  speedMph: number;
  baseMonthlyCents: number;
}

export const ROBOT_MODELS: readonly RobotModel[] = [
  {
    id: 'scout',
    name: 'CurbRun Scout',
    tagline: 'Compact curbside runner for busy storefronts',
    capacityBags: 2,
    capacityLb: 25,
    rangeMiles: 12,
    speedMph: 4,
    baseMonthlyCents: 89_900,
  },
  {
    id: 'courier',
    name: 'CurbRun Courier',
    tagline: 'All-rounder for curbside and nearby home delivery',
    capacityBags: 4,
    capacityLb: 60,
    rangeMiles: 20,
    speedMph: 6,
    baseMonthlyCents: 129_900,
  },
  {
    id: 'hauler',
    name: 'CurbRun Hauler',
    tagline: 'Large compartment for bulky and heavy orders',
    capacityBags: 8,
    capacityLb: 150,
    rangeMiles: 30,
    speedMph: 8,
    baseMonthlyCents: 189_900,
  },
];

export const LEASE_PLAN_IDS = ['flex', 'standard', 'fleet'] as const;
export const leasePlanIdSchema = z.enum(LEASE_PLAN_IDS, { error: 'Choose a lease plan' });
export type LeasePlanId = z.infer<typeof leasePlanIdSchema>;

export interface LeasePlan {
  id: LeasePlanId;
  name: string;
  termMonths: number;
  /** Percentage off the model's base monthly price for committing to the term. */
  termDiscountPercent: number;
  features: string[];
}

export const LEASE_PLANS: readonly LeasePlan[] = [
  {
    id: 'flex',
    name: 'Flex',
    termMonths: 12,
    termDiscountPercent: 0,
    features: ['12-month term', 'Maintenance and software updates', 'Business-hours support'],
  },
  {
    id: 'standard',
    name: 'Standard',
    termMonths: 24,
    termDiscountPercent: 10,
    features: [
      '24-month term',
      'Maintenance and software updates',
      'Next-day replacement',
      '24/7 support',
    ],
  },
  {
    id: 'fleet',
    name: 'Fleet',
    termMonths: 36,
    termDiscountPercent: 20,
    features: [
      '36-month term',
      'Maintenance and software updates',
      'Same-day replacement',
      'Dedicated fleet manager',
    ],
  },
];

export const MIN_LEASE_ROBOTS = 1;
export const MAX_LEASE_ROBOTS = 50;
/** Volume discounts on top of the term discount: the largest threshold reached applies. */
export const VOLUME_DISCOUNTS = [
  { minRobots: 10, percent: 10 },
  { minRobots: 5, percent: 5 },
] as const;

export const LEASE_MESSAGES = {
  quantity: `Number of robots must be between ${MIN_LEASE_ROBOTS} and ${MAX_LEASE_ROBOTS}`,
  storeRequired: 'Choose the store the robots will serve',
  storeNotYours: 'That store is not one of your locations',
  termsRequired: 'Accept the lease terms to continue',
  leaseNotFound: 'Lease not found',
  priceChanged: 'The price changed since you opened this page. Review the new total and try again.',
} as const;

export const leaseQuantitySchema = z
  .number({ error: LEASE_MESSAGES.quantity })
  .int(LEASE_MESSAGES.quantity)
  .min(MIN_LEASE_ROBOTS, LEASE_MESSAGES.quantity)
  .max(MAX_LEASE_ROBOTS, LEASE_MESSAGES.quantity);

export const findRobotModel = (id: RobotModelId): RobotModel => {
  const model = ROBOT_MODELS.find((item) => item.id === id);
  if (!model) throw new Error(`Unknown robot model ${id}`);
  return model;
};

export const findLeasePlan = (id: LeasePlanId): LeasePlan => {
  const plan = LEASE_PLANS.find((item) => item.id === id);
  if (!plan) throw new Error(`Unknown lease plan ${id}`);
  return plan;
};

export interface LeasePrice {
  /** One robot per month after the term discount. */
  unitMonthlyCents: number;
  volumeDiscountPercent: number;
  /** All robots per month after both discounts. */
  monthlyCents: number;
  termMonths: number;
  /** Every monthly payment of the term. */
  totalCents: number;
  /** Charged when the lease is signed: the first month. */
  dueTodayCents: number;
}

export function volumeDiscountPercent(quantity: number): number {
  return VOLUME_DISCOUNTS.find((tier) => quantity >= tier.minRobots)?.percent ?? 0;
}

/** The one lease price function; discounts are rounded in the retailer's favour. */
export function priceLease(input: {
  modelId: RobotModelId;
  planId: LeasePlanId;
  quantity: number;
}): LeasePrice {
  const model = findRobotModel(input.modelId);
  const plan = findLeasePlan(input.planId);
  const unitMonthlyCents = Math.floor(
    (model.baseMonthlyCents * (100 - plan.termDiscountPercent)) / 100,
  );
  const volume = volumeDiscountPercent(input.quantity);
  const monthlyCents = Math.floor((unitMonthlyCents * input.quantity * (100 - volume)) / 100);
  return {
    unitMonthlyCents,
    volumeDiscountPercent: volume,
    monthlyCents,
    termMonths: plan.termMonths,
    totalCents: monthlyCents * plan.termMonths,
    dueTodayCents: monthlyCents,
  };
}

/** `/robot-leasing-payment` → `POST /api/leases` (accepts Idempotency-Key). */
export const createLeaseRequestSchema = z
  .object({
    modelId: robotModelIdSchema,
    planId: leasePlanIdSchema,
    quantity: leaseQuantitySchema,
    storeId: safeText('Store').min(1, LEASE_MESSAGES.storeRequired).max(80),
    card: cardInputSchema,
    acceptTerms: z.literal(true, { error: LEASE_MESSAGES.termsRequired }),
    /** What the page showed; a different server price is refused (409). */
    expectedDueTodayCents: z.number().int().nonnegative().optional(),
  })
  .meta({ id: 'CreateLeaseRequest' });
export type CreateLeaseRequest = z.input<typeof createLeaseRequestSchema>;

export const leaseSchema = z
  .object({
    id: z.uuid(),
    leaseNumber: z.string(),
    status: z.enum(['active']),
    modelId: robotModelIdSchema,
    modelName: z.string(),
    planId: leasePlanIdSchema,
    planName: z.string(),
    quantity: z.number().int(),
    store: z.object({ id: z.string(), name: z.string() }),
    unitMonthlyCents: z.number().int(),
    volumeDiscountPercent: z.number().int(),
    monthlyCents: z.number().int(),
    termMonths: z.number().int(),
    totalCents: z.number().int(),
    paidTodayCents: z.number().int(),
    card: z.object({ brand: z.string(), last4: z.string() }),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Lease' });
export type Lease = z.infer<typeof leaseSchema>;
export const leaseListSchema = z.array(leaseSchema);
export const leaseParamsSchema = z.object({ id: z.uuid(LEASE_MESSAGES.leaseNotFound) });
