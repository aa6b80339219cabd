import { z } from 'zod';
import { paymentSourceSchema, paymentSummarySchema } from './payments.ts';

/**
 * Subscription plans. A plan discounts the delivery fee of every order placed while it
 * is active; it is paid a month at a time, in advance. Cancelling stops the next renewal: the
 * benefit stays until the end of the month already paid.
 */

export const SUBSCRIPTION_PLAN_IDS = ['plus', 'premium'] as const;
export const subscriptionPlanIdSchema = z.enum(SUBSCRIPTION_PLAN_IDS, {
  error: 'Choose a plan',
});
export type SubscriptionPlanId = z.infer<typeof subscriptionPlanIdSchema>;

export const subscriptionPlanSchema = z
  .object({
    id: subscriptionPlanIdSchema,
    name: z.string(),
    description: z.string(),
    priceCents: z.number().int().positive(),
    interval: z.literal('month'),
    /** Percent off the whole curbside fee (100 = free curbside). */
    curbsideDiscountPercent: z.number().int().min(0).max(100),
    /** Percent off the whole home-delivery fee. */
    homeDeliveryDiscountPercent: z.number().int().min(0).max(100),
    perks: z.array(z.string()),
  })
  .meta({ id: 'SubscriptionPlan' });
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = [
  {
    id: 'plus',
    name: 'CurbRun Plus',
    description: 'Free curbside pickup and 25% off home delivery.',
    priceCents: 999,
    interval: 'month',
    curbsideDiscountPercent: 100,
    homeDeliveryDiscountPercent: 25,
    perks: [
      'Free curbside pickup on every order',
      '25% off home-delivery fees',
      'Cancel any time; benefits last to the end of the month paid',
    ],
  },
  {
    id: 'premium',
    name: 'CurbRun Premium',
    description: 'Free curbside pickup and half-price home delivery.',
    priceCents: 1999,
    interval: 'month',
    curbsideDiscountPercent: 100,
    homeDeliveryDiscountPercent: 50,
    perks: [
      'Free curbside pickup on every order',
      '50% off home-delivery fees',
      'Cancel any time; benefits last to the end of the month paid',
    ],
  },
];

export function findPlan(id: string): SubscriptionPlan | undefined {
  return SUBSCRIPTION_PLANS.find((plan) => plan.id === id);
}

export const subscriptionPlanListSchema = z.array(subscriptionPlanSchema);

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const subscriptionSchema = z
  .object({
    id: z.uuid(),
    plan: subscriptionPlanSchema,
    /**
     * `active`: renews; `cancelled`: benefits until `currentPeriodEnd`, then ends;
     * `expired`: over.
     */
    status: subscriptionStatusSchema,
    currentPeriodStart: z.iso.datetime({ offset: true }),
    currentPeriodEnd: z.iso.datetime({ offset: true }),
    cancelledAt: z.iso.datetime({ offset: true }).nullable(),
    /** Whether the plan's discount applies to orders placed now. */
    benefitsActive: z.boolean(),
    lastPayment: paymentSummarySchema.nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /api/subscriptions/current`: the caller's latest subscription, or null. */
export const currentSubscriptionResponseSchema = z
  .object({ subscription: subscriptionSchema.nullable() })
  .meta({ id: 'CurrentSubscription' });
export type CurrentSubscriptionResponse = z.infer<typeof currentSubscriptionResponseSchema>;

/** `POST /api/subscriptions`: pays the first month now. */
export const subscribeRequestSchema = z
  .object({ planId: subscriptionPlanIdSchema, payment: paymentSourceSchema })
  .meta({ id: 'SubscribeRequest' });
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

export const SUBSCRIPTION_MESSAGES = {
  alreadyActive: (name: string) =>
    `You already have ${name}. Cancel it first to switch plans, or wait until it ends.`,
  noneToCancel: 'You have no active subscription to cancel.',
} as const;
