import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentSource } from 'shared-contracts/payments';
import {
  findPlan,
  SUBSCRIPTION_MESSAGES,
  type Subscription,
  type SubscriptionPlan,
  type SubscriptionPlanId,
  type SubscriptionStatus,
} from 'shared-contracts/subscriptions';
import { z } from 'zod';
import { users } from '../auth/schema.ts';
import type { Db } from '../db/database.ts';
import { ConflictError, HttpError } from '../http/errors.ts';
import { sendNotification } from '../outbox/service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { type PaymentRow, payments } from '../payments/schema.ts';
import { charge, toPaymentSummary } from '../payments/service.ts';
import type { ScheduledTimer, ScheduleTimerInput } from '../simulator/timers.ts';
import { type SubscriptionRow, subscriptions } from './schema.ts';

/**
 * Subscriptions: a plan paid a month at a time, in advance. `active` renews at the end
 * of the period (a durable timer charges the same card or the wallet); `cancelled` keeps the
 * benefit until the period ends and does not renew; a failed renewal ends the subscription and
 * tells the person by email. The plan's discount applies in quotes while the period runs.
 */

export const RENEW_TIMER = 'subscriptions.renew';
export const renewTimerPayload = z.object({
  subscriptionId: z.uuid(),
  periodEnd: z.iso.datetime(),
});

export interface SubscriptionDeps {
  provider: PaymentProvider;
  schedule: (db: Db, input: ScheduleTimerInput) => Promise<ScheduledTimer>;
  /** SIM_TIME_SCALE: billing periods are real months, so the timer delay is divided by it. */
  timeScale: number;
}

/** One calendar month later, clamped to the month's last day (Jan 31 → Feb 28/29). */
export function addOneMonth(at: Date): Date {
  const next = new Date(at.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** The status a person sees: a period that has ended is over, whatever the row still says. */
export function effectiveStatus(row: SubscriptionRow, now: Date): SubscriptionStatus {
  if (row.status !== 'expired' && row.currentPeriodEnd.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

function planOf(row: Pick<SubscriptionRow, 'planId'>): SubscriptionPlan {
  const plan = findPlan(row.planId);
  if (!plan) throw new Error(`Unknown plan ${row.planId}`);
  return plan;
}

/** The plan whose discount applies to an order placed at `now`, or null. */
export async function activePlanFor(
  db: Db,
  userId: string,
  now: Date,
): Promise<SubscriptionPlan | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['active', 'cancelled']),
        sql`${subscriptions.currentPeriodStart} <= ${now.toISOString()}`,
        sql`${subscriptions.currentPeriodEnd} > ${now.toISOString()}`,
      ),
    )
    .limit(1);
  return row ? planOf(row) : null;
}

async function toSubscription(db: Db, row: SubscriptionRow, now: Date): Promise<Subscription> {
  let lastPayment: PaymentRow | undefined;
  if (row.latestPaymentId) {
    [lastPayment] = await db.select().from(payments).where(eq(payments.id, row.latestPaymentId));
  }
  const status = effectiveStatus(row, now);
  return {
    id: row.id,
    plan: planOf(row),
    status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    benefitsActive: status !== 'expired',
    lastPayment: lastPayment ? toPaymentSummary(lastPayment) : null,
  };
}

/** The caller's latest subscription (current or ended), or null when they never subscribed. */
export async function getCurrentSubscription(
  db: Db,
  userId: string,
  now: Date,
): Promise<Subscription | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ? toSubscription(db, row, now) : null;
}

async function lockSubscriptions(tx: Db, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`subscriptions:${userId}`}, 0))`,
  );
}

async function currentRow(tx: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'cancelled'])),
    )
    .limit(1);
  return row;
}

/** Refuses a second subscription while one renews (409, nothing charged). */
function assertCanSubscribe(row: SubscriptionRow | undefined, now: Date): void {
  if (row && effectiveStatus(row, now) === 'active') {
    throw new ConflictError(SUBSCRIPTION_MESSAGES.alreadyActive(planOf(row).name));
  }
}

async function scheduleRenewal(tx: Db, deps: SubscriptionDeps, row: SubscriptionRow, now: Date) {
  const delayMs = Math.max(0, row.currentPeriodEnd.getTime() - now.getTime());
  await deps.schedule(tx, {
    kind: RENEW_TIMER,
    payload: { subscriptionId: row.id, periodEnd: row.currentPeriodEnd.toISOString() },
    delayMs: delayMs / deps.timeScale,
  });
}

/**
 * Starts a plan and pays its first month. A card used here is kept as a saved card, because
 * renewals charge it. A subscription that was cancelled but still runs is replaced.
 */
export async function subscribe(
  db: Db,
  deps: SubscriptionDeps,
  input: {
    userId: string;
    planId: SubscriptionPlanId;
    payment: PaymentSource;
    idempotencyKey?: string;
    now: Date;
  },
): Promise<Subscription> {
  const plan = findPlan(input.planId);
  if (!plan) throw new HttpError(400, 'Choose a plan');
  assertCanSubscribe(await currentRow(db, input.userId), input.now);
  const source: PaymentSource =
    input.payment.type === 'card' ? { ...input.payment, save: true } : input.payment;

  const { result } = await charge(
    db,
    deps.provider,
    {
      userId: input.userId,
      kind: 'subscription',
      amountCents: plan.priceCents,
      source,
      description: `${plan.name}, first month`,
      idempotencyKey: input.idempotencyKey,
    },
    async (tx, payment) => {
      await lockSubscriptions(tx, input.userId);
      const existing = await currentRow(tx, input.userId);
      assertCanSubscribe(existing, input.now);
      if (existing) {
        await tx
          .update(subscriptions)
          .set({ status: 'expired', updatedAt: sql`now()` })
          .where(eq(subscriptions.id, existing.id));
      }
      const [row] = await tx
        .insert(subscriptions)
        .values({
          userId: input.userId,
          planId: plan.id,
          status: 'active',
          priceCents: plan.priceCents,
          currentPeriodStart: input.now,
          currentPeriodEnd: addOneMonth(input.now),
          renewWith: payment.method,
          paymentMethodId: payment.paymentMethodId,
          latestPaymentId: payment.id,
        })
        .returning();
      if (!row) throw new Error('Inserting the subscription returned no row');
      await scheduleRenewal(tx, deps, row, input.now);
      return row;
    },
  );
  return toSubscription(db, result, input.now);
}

/** Stops renewal; the benefit lasts until the end of the month already paid. */
export async function cancelSubscription(db: Db, userId: string, now: Date): Promise<Subscription> {
  const row = await db.transaction(async (tx) => {
    await lockSubscriptions(tx, userId);
    const current = await currentRow(tx, userId);
    if (!current || effectiveStatus(current, now) !== 'active') {
      throw new ConflictError(SUBSCRIPTION_MESSAGES.noneToCancel);
    }
    const [updated] = await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, current.id))
      .returning();
    if (!updated) throw new Error('Cancelling the subscription updated no row');
    return updated;
  });
  return toSubscription(db, row, now);
}

/**
 * The renewal timer: charges the next month, or ends the subscription when that fails. Runs at
 * least once; a re-run finds the period already moved on (or the row no longer active) and stops.
 */
export async function renewSubscription(
  db: Db,
  deps: SubscriptionDeps,
  payload: z.infer<typeof renewTimerPayload>,
  now = new Date(),
): Promise<void> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, payload.subscriptionId));
  if (!row || row.currentPeriodEnd.toISOString() !== payload.periodEnd) return;
  if (row.status !== 'active') {
    if (row.status === 'cancelled') {
      await db
        .update(subscriptions)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'cancelled')));
    }
    return;
  }
  const plan = planOf(row);
  const source: PaymentSource | null =
    row.renewWith === 'wallet'
      ? { type: 'wallet' }
      : row.paymentMethodId
        ? { type: 'saved_card', paymentMethodId: row.paymentMethodId }
        : null;
  const periodStart = row.currentPeriodEnd;
  try {
    if (!source) throw new HttpError(402, 'The card used for this subscription was removed.');
    await charge(
      db,
      deps.provider,
      {
        userId: row.userId,
        kind: 'subscription',
        amountCents: plan.priceCents,
        source,
        description: `${plan.name}, renewal`,
        idempotencyKey: `renew:${row.id}:${payload.periodEnd}`,
      },
      async (tx, payment) => {
        const [renewed] = await tx
          .update(subscriptions)
          .set({
            currentPeriodStart: periodStart,
            currentPeriodEnd: addOneMonth(periodStart),
            latestPaymentId: payment.id,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(subscriptions.id, row.id),
              eq(subscriptions.status, 'active'),
              eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd),
            ),
          )
          .returning();
        // Cancelled or renewed meanwhile: undo the charge by failing the transaction.
        if (!renewed) throw new ConflictError('The subscription changed while renewing');
        await scheduleRenewal(tx, deps, renewed, now);
      },
    );
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error instanceof ConflictError) return;
    await db.transaction(async (tx) => {
      const [ended] = await tx
        .update(subscriptions)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'active')))
        .returning({ id: subscriptions.id });
      if (!ended) return;
      const [user] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, row.userId));
      if (user) {
        await sendNotification(tx, {
          channel: 'email',
          to: user.email,
          subject: `Your ${plan.name} subscription has ended`,
          text: `We could not renew ${plan.name}: ${error.message} Subscribe again at any time from the Subscribe page.`,
        });
      }
    });
  }
}
