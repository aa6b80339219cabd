import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { outboxListSchema } from 'shared-contracts/notifications';
import { PAYMENT_MESSAGES, TEST_CARDS } from 'shared-contracts/payments';
import { quoteSchema } from 'shared-contracts/quotes';
import {
  currentSubscriptionResponseSchema,
  SUBSCRIPTION_MESSAGES,
  subscriptionPlanListSchema,
} from 'shared-contracts/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { getJson, newCard, topUp } from '../order-pickups/test-helpers.ts';
import { subscriptions } from './schema.ts';
import { addOneMonth, effectiveStatus, renewSubscription } from './service.ts';

async function quoteCurbside(server: TestServer, user: TestUser) {
  const response = await postJson(server, user, '/api/quotes', {
    storeId: 'nordstrom-northpark',
    deliveryType: 'curbside',
    window: '6h',
    bags: 1,
    weightClass: 'small',
  });
  return quoteSchema.parse(await response.json());
}

describe('billing periods', () => {
  it('adds one calendar month, clamped to the month’s last day', () => {
    expect(addOneMonth(new Date('2026-01-15T10:00:00Z'))).toEqual(new Date('2026-02-15T10:00:00Z'));
    expect(addOneMonth(new Date('2026-01-31T10:00:00Z'))).toEqual(new Date('2026-02-28T10:00:00Z'));
    expect(addOneMonth(new Date('2028-01-31T10:00:00Z'))).toEqual(new Date('2028-02-29T10:00:00Z'));
    expect(addOneMonth(new Date('2026-12-31T10:00:00Z'))).toEqual(new Date('2027-01-31T10:00:00Z'));
  });
});

describeEachDatabase('subscriptions', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('lists the plans to anyone', async () => {
    const response = await server.fetch('/api/subscriptions/plans');
    expect(response.status).toBe(200);
    const plans = subscriptionPlanListSchema.parse(await response.json());
    expect(plans.map((plan) => [plan.id, plan.priceCents])).toEqual([
      ['plus', 999],
      ['premium', 1999],
    ]);
  });

  it('subscribes with a card, applies the benefit in quotes, and cancels to the end of the period', async () => {
    const user = await createTestUser(server);
    expect((await getJson(server, user, '/api/subscriptions/current')).body).toEqual({
      subscription: null,
    });
    expect((await quoteCurbside(server, user)).feeCents).toBe(499);

    const response = await postJson(
      server,
      user,
      '/api/subscriptions',
      { planId: 'plus', payment: newCard() },
      randomUUID(),
    );
    expect(response.status).toBe(201);
    const { subscription } = currentSubscriptionResponseSchema.parse(await response.json());
    expect(subscription).toMatchObject({
      plan: { id: 'plus', name: 'CurbRun Plus' },
      status: 'active',
      benefitsActive: true,
      cancelledAt: null,
      lastPayment: { method: 'card', amountCents: 999, cardLast4: '4242' },
    });
    // The card is kept for renewals.
    expect((await getJson<unknown[]>(server, user, '/api/payment-methods')).body).toHaveLength(1);

    const quote = await quoteCurbside(server, user);
    expect(quote).toMatchObject({
      subtotalCents: 499,
      discountCents: 499,
      feeCents: 0,
      plan: { id: 'plus' },
    });

    // A free order with no tip needs no payment at all.
    const free = await postJson(
      server,
      user,
      '/api/order-pickups',
      {
        storeId: 'nordstrom-northpark',
        retailerOrderNumber: 'A1',
        customerName: 'Test',
        bags: 1,
        weightClass: 'small',
        deliveryType: 'curbside',
        window: '6h',
        tipCents: 0,
        payment: { type: 'wallet' },
      },
      randomUUID(),
    );
    expect(free.status).toBe(201);
    expect(await free.json()).toMatchObject({ totalCents: 0, payment: null, status: 'confirmed' });

    const again = await postJson(
      server,
      user,
      '/api/subscriptions',
      { planId: 'premium', payment: newCard() },
      randomUUID(),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: SUBSCRIPTION_MESSAGES.alreadyActive('CurbRun Plus'),
    });

    const cancelled = await postJson(server, user, '/api/subscriptions/current/cancel', {});
    expect(cancelled.status).toBe(200);
    expect(
      currentSubscriptionResponseSchema.parse(await cancelled.json()).subscription,
    ).toMatchObject({
      status: 'cancelled',
      benefitsActive: true,
      cancelledAt: expect.any(String),
    });
    // Still free until the end of the month paid.
    expect((await quoteCurbside(server, user)).feeCents).toBe(0);
    const twice = await postJson(server, user, '/api/subscriptions/current/cancel', {});
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.noneToCancel });

    // Switching plans replaces the cancelled one.
    const cards = (await getJson<Array<{ id: string }>>(server, user, '/api/payment-methods')).body;
    const premium = await postJson(
      server,
      user,
      '/api/subscriptions',
      { planId: 'premium', payment: { type: 'saved_card', paymentMethodId: cards[0]?.id } },
      randomUUID(),
    );
    expect(premium.status).toBe(201);
    expect(
      currentSubscriptionResponseSchema.parse(await premium.json()).subscription?.plan.id,
    ).toBe('premium');
  });

  it('pays from the wallet, refusing a wallet that is too low', async () => {
    const user = await createTestUser(server);
    const low = await postJson(
      server,
      user,
      '/api/subscriptions',
      { planId: 'plus', payment: { type: 'wallet' } },
      randomUUID(),
    );
    expect(low.status).toBe(402);
    expect(await low.json()).toEqual({
      message: PAYMENT_MESSAGES.walletInsufficient('$0.00', '$9.99'),
    });
    await topUp(server, user, 1000);
    const ok = await postJson(
      server,
      user,
      '/api/subscriptions',
      { planId: 'plus', payment: { type: 'wallet' } },
      randomUUID(),
    );
    expect(ok.status).toBe(201);
    expect(
      (await getJson<{ balanceCents: number }>(server, user, '/api/wallet')).body.balanceCents,
    ).toBe(1);
  });

  it('declines cards with their message and subscribes nothing', async () => {
    const user = await createTestUser(server);
    const response = await postJson(
      server,
      user,
      '/api/subscriptions',
      { planId: 'plus', payment: newCard(TEST_CARDS.declined) },
      randomUUID(),
    );
    expect(response.status).toBe(402);
    expect((await getJson(server, user, '/api/subscriptions/current')).body).toEqual({
      subscription: null,
    });
  });

  it('renews at the end of the period, and ends with an email when the renewal fails', async () => {
    const user = await createTestUser(server);
    await topUp(server, user, 2000);
    await postJson(
      server,
      user,
      '/api/subscriptions',
      { planId: 'plus', payment: { type: 'wallet' } },
      randomUUID(),
    );
    const db = server.database.db;
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    if (!row) throw new Error('no subscription');
    const deps = {
      provider: server.app.paymentProvider,
      schedule: (target: typeof db, input: Parameters<typeof server.app.timers.schedule>[1]) =>
        server.app.timers.schedule(target, input),
      timeScale: 1,
    };
    const periodEnd = row.currentPeriodEnd;
    const atEnd = new Date(periodEnd.getTime() + 1000);
    await renewSubscription(
      db,
      deps,
      { subscriptionId: row.id, periodEnd: periodEnd.toISOString() },
      atEnd,
    );
    const [renewed] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(renewed?.currentPeriodStart).toEqual(periodEnd);
    expect(renewed?.currentPeriodEnd).toEqual(addOneMonth(periodEnd));
    expect(
      (await getJson<{ balanceCents: number }>(server, user, '/api/wallet')).body.balanceCents,
    ).toBe(2);
    // Running the same timer again changes nothing.
    await renewSubscription(
      db,
      deps,
      { subscriptionId: row.id, periodEnd: periodEnd.toISOString() },
      atEnd,
    );

    // The wallet ($0.02 left) cannot pay the next month: the subscription ends.
    if (!renewed) throw new Error('no renewed row');
    const nextEnd = renewed.currentPeriodEnd;
    await renewSubscription(
      db,
      deps,
      { subscriptionId: row.id, periodEnd: nextEnd.toISOString() },
      new Date(nextEnd.getTime() + 1000),
    );
    const [ended] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(ended?.status).toBe('expired');
    if (ended) expect(effectiveStatus(ended, new Date())).toBe('expired');
    const outbox = outboxListSchema.parse(
      await (await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`)).json(),
    );
    expect(outbox[0]).toMatchObject({ subject: 'Your CurbRun Plus subscription has ended' });
  });
});
