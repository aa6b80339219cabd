import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CHECKOUT_MESSAGES, checkoutSessionSchema } from 'shared-contracts/checkout';
import { type Delivery, pickupHistoryPageSchema } from 'shared-contracts/deliveries';
import { type OrderPickup, orderPickupListSchema } from 'shared-contracts/order-pickups';
import { PAYMENT_MESSAGES } from 'shared-contracts/payments';
import { deliveryListSchema } from 'shared-contracts/retailer-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { arrivalBody } from '../curbside/test-helpers.ts';
import { runDeliveryUntil } from '../deliveries/test-helpers.ts';
import { checkoutSessions } from '../order-pickups/schema.ts';
import { getJson, newCard, topUp } from '../order-pickups/test-helpers.ts';
import { outbox } from '../outbox/schema.ts';
import { payments } from '../payments/schema.ts';
import {
  apiPost,
  checkoutBody,
  onboardRetailer,
  type TestRetailer,
} from '../retailer-accounts/test-helpers.ts';
import { startReceiver } from '../webhooks/test-receiver.ts';

/**
 * A checkout session made with a test key is simulated (test-mode.ts), and a completed
 * session's customer details are its completer's alone.
 */
describeEachDatabase('checkout sessions: test mode', (kind) => {
  let server: TestServer;
  let retailer: TestRetailer;
  beforeAll(async () => {
    // A simulated minute is 6 ms: timers run by hand (runDeliveryUntil) finish a delivery fast.
    server = await startTestServer({ database: kind, env: { SIM_TIME_SCALE: '0.0001' } });
    retailer = await onboardRetailer(server);
  });
  afterAll(() => server?.close());

  const HOME = { line1: '600 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

  async function initialize(headers: Record<string, string>): Promise<string> {
    const response = await apiPost(
      server,
      '/api/checkout/initialize',
      headers,
      checkoutBody(retailer.account.retailerId, { store_id: retailer.account.stores[0]?.id }),
    );
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  const complete = (user: TestUser, id: string, body: Record<string, unknown>) =>
    postJson(
      server,
      user,
      `/api/checkout-sessions/${id}/complete`,
      { deliveryType: 'curbside', window: '6h', tipCents: 0, payment: newCard(), ...body },
      randomUUID(),
    );

  /** A customer with $50 in the wallet and a saved card. */
  async function customerWithMoney() {
    const user = await createTestUser(server);
    await topUp(server, user, 5_000);
    const saved = await postJson(server, user, '/api/payment-methods', { card: newCard().card });
    expect(saved.status).toBe(201);
    return { user, cardId: ((await saved.json()) as { id: string }).id };
  }

  async function moneyOf(user: TestUser) {
    const wallet = await getJson<{ balanceCents: number }>(server, user, '/api/wallet');
    const entries = await getJson<{ total: number }>(server, user, '/api/wallet/entries');
    const cards = await getJson<unknown[]>(server, user, '/api/payment-methods');
    return { balance: wallet.body.balanceCents, entries: entries.body.total, cards: cards.body };
  }

  it('labels a test key’s session (secret or publishable) test mode, a live key’s live', async () => {
    const user = await createTestUser(server);
    const modeOf = async (id: string) =>
      checkoutSessionSchema.parse(
        (await getJson(server, user, `/api/checkout-sessions/${id}`)).body,
      ).mode;
    expect(await modeOf(await initialize(retailer.testHeaders))).toBe('test');
    expect(await modeOf(await initialize(retailer.liveHeaders))).toBe('live');
    const widget = await apiPost(
      server,
      '/api/v1/widget/checkout',
      { authorization: `Bearer ${retailer.publishable.test}`, origin: server.config.publicUrl },
      checkoutBody(retailer.account.retailerId),
    );
    expect(widget.status, await widget.clone().text()).toBe(201);
    expect(await modeOf(((await widget.json()) as { id: string }).id)).toBe('test');
  });

  it('never debits the wallet, charges a saved card or saves a card in a test session', async () => {
    const { user, cardId } = await customerWithMoney();
    const before = await moneyOf(user);
    const id = await initialize(retailer.testHeaders);

    const wallet = await complete(user, id, { payment: { type: 'wallet' } });
    expect(wallet.status).toBe(400);
    expect(((await wallet.json()) as { message: string }).message).toBe(
      CHECKOUT_MESSAGES.testModeCardOnly,
    );
    const savedCard = await complete(user, id, {
      payment: { type: 'saved_card', paymentMethodId: cardId },
    });
    expect(savedCard.status).toBe(400);
    const saving = await complete(user, id, { payment: newCard(undefined, true) });
    expect(saving.status).toBe(400);
    expect(((await saving.json()) as { message: string }).message).toBe(
      CHECKOUT_MESSAGES.testModeNoSave,
    );
    // A real card number is declined, as a processor's test mode declines it.
    const real = await complete(user, id, { payment: newCard('4111 1111 1111 1111') });
    expect(real.status).toBe(402);
    expect(((await real.json()) as { message: string }).message).toBe(PAYMENT_MESSAGES.notTestCard);
    expect(await moneyOf(user)).toEqual(before);

    const paid = await complete(user, id, { tipCents: 300 });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const order = (await paid.json()) as OrderPickup;
    expect(order.payment).toMatchObject({ method: 'card', cardLast4: '4242' });
    expect(await moneyOf(user)).toEqual(before);
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, order.payment?.id ?? ''));
    expect(payment?.livemode).toBe(false);

    // Cancelled, it is refunded to the simulated card, never into the wallet.
    const cancelled = await postJson(server, user, `/api/order-pickups/${order.id}/cancel`, {});
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(((await cancelled.json()) as OrderPickup).payment?.status).toBe('refunded');
    expect(await moneyOf(user)).toEqual(before);
  });

  it('keeps a test order out of the customer’s and the retailer’s live data', async () => {
    const user = await createTestUser(server);
    const testId = await initialize(retailer.testHeaders);
    const paid = await complete(user, testId, {
      deliveryType: 'home',
      address: HOME,
      window: 'asap',
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const order = (await paid.json()) as OrderPickup;

    const orders = orderPickupListSchema.parse(
      (await getJson(server, user, '/api/order-pickups')).body,
    );
    expect(orders.map((item) => item.id)).not.toContain(order.id);
    const history = pickupHistoryPageSchema.parse(
      (await getJson(server, user, '/api/pickup-history')).body,
    );
    expect(history.items.map((item) => item.orderNumber)).not.toContain(order.orderNumber);
    const deliveries = (
      await getJson<{ deliveries: { orderPickupId: string }[] }>(server, user, '/api/deliveries')
    ).body;
    expect(deliveries.deliveries.map((item) => item.orderPickupId)).not.toContain(order.id);
    // Its owner still opens it by id (the confirmation links to its tracking page).
    expect((await getJson(server, user, `/api/order-pickups/${order.id}`)).status).toBe(200);

    const testList = deliveryListSchema.parse(
      await (await server.fetch('/api/v1/deliveries', { headers: retailer.testHeaders })).json(),
    );
    expect(testList.data.map((item) => item.checkout_session_id)).toContain(testId);
    const liveList = deliveryListSchema.parse(
      await (await server.fetch('/api/v1/deliveries', { headers: retailer.liveHeaders })).json(),
    );
    expect(liveList.data.map((item) => item.checkout_session_id)).not.toContain(testId);
  });

  it('never sends a curbside robot for a test order', async () => {
    const user = await createTestUser(server);
    const paid = await complete(user, await initialize(retailer.testHeaders), {});
    expect(paid.status, await paid.clone().text()).toBe(201);
    const order = (await paid.json()) as OrderPickup;
    const arrival = await postJson(
      server,
      user,
      '/api/curbside-pickups',
      arrivalBody(order.orderNumber),
    );
    expect(arrival.status).toBe(404);
    expect(await arrival.json()).toEqual({
      message: `We could not find order ${order.orderNumber} on your account.`,
    });
  });

  it('never takes a CurbRun driver for test orders; a live session works as before', async () => {
    const user = await createTestUser(server);
    await topUp(server, user, 10_000);
    // Three test orders would take the store's three CurbRun drivers if they were real.
    for (let i = 0; i < 3; i += 1) {
      const paid = await complete(user, await initialize(retailer.testHeaders), {
        deliveryType: 'home',
        address: HOME,
        window: 'asap',
      });
      expect(paid.status, await paid.clone().text()).toBe(201);
    }
    const liveId = await initialize(retailer.liveHeaders);
    const before = await moneyOf(user);
    const paid = await complete(user, liveId, {
      deliveryType: 'home',
      address: HOME,
      window: 'asap',
      payment: { type: 'wallet' },
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const order = (await paid.json()) as OrderPickup;
    expect((await moneyOf(user)).balance).toBe(before.balance - order.totalCents);
    const delivery = await getJson<Delivery>(server, user, `/api/deliveries/order/${order.id}`);
    expect(delivery.body.courier.fleet).toBe('curbrun_drivers');
    const orders = orderPickupListSchema.parse(
      (await getJson(server, user, '/api/order-pickups')).body,
    );
    expect(orders.map((item) => item.id)).toEqual([order.id]);
    const liveList = deliveryListSchema.parse(
      await (await server.fetch('/api/v1/deliveries', { headers: retailer.liveHeaders })).json(),
    );
    expect(liveList.data.map((item) => item.checkout_session_id)).toContain(liveId);
  });

  it('never texts or emails the customer about a test order’s simulated courier', async () => {
    const user = await createTestUser(server);
    const place = async (headers: Record<string, string>) => {
      const paid = await complete(user, await initialize(headers), {
        deliveryType: 'home',
        address: HOME,
        window: 'asap',
      });
      expect(paid.status, await paid.clone().text()).toBe(201);
      return (await paid.json()) as OrderPickup;
    };
    const test = await place(retailer.testHeaders);
    const live = await place(retailer.liveHeaders);
    for (const order of [test, live]) {
      await runDeliveryUntil(server, user, order.id, (delivery) => delivery.status === 'delivered');
    }
    const sent = await server.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.to, user.email));
    const subjects = sent.map((row) => row.subject).join('\n');
    expect(subjects).toContain(`Order ${live.orderNumber} was delivered`);
    expect(subjects).not.toContain(test.orderNumber);
  }, 60_000);

  it('sends a test order’s webhooks to test endpoints only', async () => {
    const receivers = { test: await startReceiver(), live: await startReceiver() };
    try {
      for (const mode of ['test', 'live'] as const) {
        const endpoint = await apiPost(
          server,
          '/api/retailer/webhook-endpoints',
          retailer.owner.headers,
          { url: receivers[mode].url, mode, events: ['delivery.created'] },
        );
        expect(endpoint.status, await endpoint.clone().text()).toBe(201);
      }
      const user = await createTestUser(server);
      const testId = await initialize(retailer.testHeaders);
      expect((await complete(user, testId, {})).status).toBe(201);
      const liveId = await initialize(retailer.liveHeaders);
      expect((await complete(user, liveId, {})).status).toBe(201);
      const sessionsOf = (mode: 'test' | 'live') =>
        receivers[mode].received.map(
          (request) =>
            (JSON.parse(request.body) as { data: { object: { checkout_session_id: string } } }).data
              .object.checkout_session_id,
        );
      const deadline = Date.now() + 20_000;
      while (!(sessionsOf('test').includes(testId) && sessionsOf('live').includes(liveId))) {
        if (Date.now() > deadline) throw new Error('the webhooks never came');
        await server.app.retailerDeliverySync.run();
        await server.app.timers.runDue();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(sessionsOf('live')).not.toContain(testId);
      expect(sessionsOf('test')).not.toContain(liveId);
    } finally {
      await receivers.test.close();
      await receivers.live.close();
    }
  }, 60_000);

  describe('who sees a session', () => {
    it('shows an open session to anyone with the link, a completed one to its customer only', async () => {
      const id = await initialize(retailer.liveHeaders);
      const customer = await createTestUser(server);
      const stranger = await createTestUser(server);
      const open = await getJson(server, stranger, `/api/checkout-sessions/${id}`);
      expect(open.status).toBe(200);
      expect(checkoutSessionSchema.parse(open.body).customerInfo).toEqual({
        name: 'A. L.',
        email: 'a***@example.com',
        masked: true,
      });

      expect((await complete(customer, id, {})).status).toBe(201);
      const own = await getJson(server, customer, `/api/checkout-sessions/${id}`);
      expect(own.status).toBe(200);
      expect(checkoutSessionSchema.parse(own.body)).toMatchObject({
        status: 'completed',
        customerInfo: { name: 'A. L.', email: 'a***@example.com', masked: true },
      });
      const peek = await getJson(server, stranger, `/api/checkout-sessions/${id}`);
      expect(peek.status).toBe(404);
      expect(peek.body).toEqual({ message: CHECKOUT_MESSAGES.notFound });
      const pay = await complete(stranger, id, {});
      expect(pay.status).toBe(404);
      expect(await pay.json()).toEqual({ message: CHECKOUT_MESSAGES.notFound });
    });

    it('shows only the customer’s name once a session has expired', async () => {
      const id = await initialize(retailer.liveHeaders);
      await server.database.db
        .update(checkoutSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(checkoutSessions.id, id));
      const stranger = await createTestUser(server);
      const expired = checkoutSessionSchema.parse(
        (await getJson(server, stranger, `/api/checkout-sessions/${id}`)).body,
      );
      expect(expired.status).toBe('expired');
      expect(expired.customerInfo).toEqual({ name: 'A. L.', masked: true });
    });
  });
});
