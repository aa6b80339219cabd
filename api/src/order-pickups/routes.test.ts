import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import {
  ORDER_MESSAGES,
  type OrderPickup,
  orderPickupListSchema,
  orderPickupSchema,
} from 'shared-contracts/order-pickups';
import { PAYMENT_MESSAGES, TEST_CARDS } from 'shared-contracts/payments';
import { QUOTE_MESSAGES } from 'shared-contracts/quotes';
import { walletEntriesPageSchema } from 'shared-contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { GEOCODE_MESSAGES } from '../addresses/geocode.ts';
import { IDEMPOTENCY_MESSAGES } from '../http/idempotency.ts';
import { payments, walletEntries } from '../payments/schema.ts';
import { orderPickups } from './schema.ts';
import { changeOrderPickupStatus, type OrderPickupStatusChange } from './status.ts';
import { curbsideOrder, getJson, newCard, topUp } from './test-helpers.ts';

async function orderCount(server: TestServer, user: TestUser): Promise<number> {
  const [row] = await server.database.db
    .select({ value: count() })
    .from(orderPickups)
    .where(eq(orderPickups.userId, user.id));
  return row?.value ?? 0;
}

async function paymentCount(server: TestServer, user: TestUser): Promise<number> {
  const [row] = await server.database.db
    .select({ value: count() })
    .from(payments)
    .where(eq(payments.userId, user.id));
  return row?.value ?? 0;
}

async function createOrder(server: TestServer, user: TestUser, body: unknown = curbsideOrder()) {
  const response = await postJson(server, user, '/api/order-pickups', body, randomUUID());
  const json = await response.json();
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(json)}`);
  return orderPickupSchema.parse(json);
}

const homeAddress = (zip: string, city: string) => ({
  line1: '100 Main St',
  city,
  state: 'TX',
  zip,
});

describeEachDatabase('order pickups', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  describe('scheduling and paying', () => {
    it('creates a paid curbside order priced on the server and lists it newest first', async () => {
      const user = await createTestUser(server);
      const order = await createOrder(
        server,
        user,
        curbsideOrder({ weightClass: 'medium', tipCents: 300, notes: '  Two blue bags ' }),
      );
      expect(order).toMatchObject({
        orderNumber: expect.stringMatching(/^CR-\d{6}$/),
        storeName: 'Nordstrom NorthPark Center',
        retailerName: 'Nordstrom',
        status: 'confirmed',
        deliveryType: 'curbside',
        retailerOrderNumber: 'NP-1001',
        customerName: 'Test Customer',
        bags: 2,
        weightClass: 'medium',
        notes: 'Two blue bags',
        window: '6h',
        zone: 'curbside',
        deliveryAddress: null,
        feeCents: 649,
        discountCents: 0,
        tipCents: 300,
        totalCents: 949,
        cancellable: true,
        payment: {
          method: 'card',
          cardBrand: 'visa',
          cardLast4: '4242',
          amountCents: 949,
          status: 'succeeded',
        },
      });
      expect(order.feeLines.map((line) => line.amountCents)).toEqual([499, 150, 0]);
      expect(order.statusHistory).toEqual([
        { status: 'confirmed', at: expect.any(String), note: 'Paid $9.49 with Visa •••• 4242' },
      ]);

      const second = await createOrder(server, user);
      const list = await getJson(server, user, '/api/order-pickups');
      expect(list.status).toBe(200);
      const items = orderPickupListSchema.parse(list.body);
      expect(items.map((item) => item.id)).toEqual([second.id, order.id]);
      expect(items[1]).toMatchObject({
        id: order.id,
        orderNumber: order.orderNumber,
        storeName: 'Nordstrom NorthPark Center',
        status: 'confirmed',
      });

      const filtered = await getJson(
        server,
        user,
        '/api/order-pickups?status=confirmed,ready_for_pickup',
      );
      expect(orderPickupListSchema.parse(filtered.body)).toHaveLength(2);
      const none = await getJson(server, user, '/api/order-pickups?status=delivered');
      expect(none.body).toEqual([]);
      const bad = await getJson<{ message: string }>(
        server,
        user,
        '/api/order-pickups?status=lost',
      );
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/Unknown status: lost/);
    });

    it('needs a signed-in user', async () => {
      const response = await postJson(
        server,
        null,
        '/api/order-pickups',
        curbsideOrder(),
        randomUUID(),
      );
      expect(response.status).toBe(401);
      expect((await server.fetch('/api/order-pickups')).status).toBe(401);
    });

    it('validates the body with clear messages and changes nothing', async () => {
      const user = await createTestUser(server);
      const response = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({ customerName: ' ', bags: 0 }),
        randomUUID(),
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; issues: Array<{ path: string }> };
      expect(body.message).toBe(ORDER_MESSAGES.customerNameRequired);
      expect(body.issues.map((issue) => issue.path)).toEqual(['customerName', 'bags']);
      expect(await orderCount(server, user)).toBe(0);
    });

    it('ignores amounts sent by the client and refuses a total that is not the server’s', async () => {
      const user = await createTestUser(server);
      const order = await createOrder(
        server,
        user,
        curbsideOrder({ feeCents: 1, totalCents: 1, discountCents: 499, tipCents: 200 }),
      );
      expect(order.feeCents).toBe(499);
      expect(order.totalCents).toBe(699);
      expect(order.payment?.amountCents).toBe(699);

      const stale = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({ tipCents: 200, expectedTotalCents: 100 }),
        randomUUID(),
      );
      expect(stale.status).toBe(409);
      expect(await stale.json()).toEqual({ message: ORDER_MESSAGES.priceChanged('$6.99') });
      expect(await orderCount(server, user)).toBe(1);
      expect(await paymentCount(server, user)).toBe(1);

      const matching = await createOrder(
        server,
        user,
        curbsideOrder({ tipCents: 200, expectedTotalCents: 699 }),
      );
      expect(matching.totalCents).toBe(699);
    });
  });

  describe('Idempotency-Key', () => {
    it('makes the same key twice one order and one charge; a different body is 422', async () => {
      const user = await createTestUser(server);
      const key = randomUUID();
      const first = await postJson(server, user, '/api/order-pickups', curbsideOrder(), key);
      const again = await postJson(server, user, '/api/order-pickups', curbsideOrder(), key);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const firstOrder = orderPickupSchema.parse(await first.json());
      expect(orderPickupSchema.parse(await again.json()).id).toBe(firstOrder.id);
      expect(await orderCount(server, user)).toBe(1);
      expect(await paymentCount(server, user)).toBe(1);

      const different = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({ tipCents: 500 }),
        key,
      );
      expect(different.status).toBe(422);
      expect(await different.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.mismatch });
      expect(await orderCount(server, user)).toBe(1);
    });

    it('answers two requests sent at once with one order (a double click)', async () => {
      const user = await createTestUser(server);
      const key = randomUUID();
      const responses = await Promise.all(
        [1, 2, 3].map(() => postJson(server, user, '/api/order-pickups', curbsideOrder(), key)),
      );
      const bodies = await Promise.all(responses.map((response) => response.json()));
      expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
      expect(new Set(bodies.map((body) => (body as OrderPickup).id)).size).toBe(1);
      expect(await orderCount(server, user)).toBe(1);
      expect(await paymentCount(server, user)).toBe(1);
    });

    it('keeps keys apart per user', async () => {
      const a = await createTestUser(server);
      const b = await createTestUser(server);
      const key = randomUUID();
      const first = await postJson(server, a, '/api/order-pickups', curbsideOrder(), key);
      const second = await postJson(server, b, '/api/order-pickups', curbsideOrder(), key);
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(((await first.json()) as OrderPickup).id).not.toBe(
        ((await second.json()) as OrderPickup).id,
      );
    });

    it('lets a failed payment be retried with the same key and another card', async () => {
      const user = await createTestUser(server);
      const key = randomUUID();
      const declined = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({ payment: newCard(TEST_CARDS.declined) }),
        key,
      );
      expect(declined.status).toBe(402);
      const retry = await postJson(server, user, '/api/order-pickups', curbsideOrder(), key);
      expect(retry.status).toBe(201);
      expect(await orderCount(server, user)).toBe(1);
    });

    it('refuses a malformed key', async () => {
      const user = await createTestUser(server);
      const response = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder(),
        'bad key\u00e9',
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.invalidKey });
    });
  });

  describe('declined cards', () => {
    it.each([
      [TEST_CARDS.declined, PAYMENT_MESSAGES.cardDeclined],
      [TEST_CARDS.insufficientFunds, PAYMENT_MESSAGES.insufficientFunds],
      ['4111 1111 1111 1111', PAYMENT_MESSAGES.notTestCard],
    ])('%s answers 402 with its message and creates nothing', async (number, message) => {
      const user = await createTestUser(server);
      const response = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({ payment: newCard(number, true) }),
        randomUUID(),
      );
      expect(response.status).toBe(402);
      expect(await response.json()).toEqual({ message });
      expect(await orderCount(server, user)).toBe(0);
      expect(await paymentCount(server, user)).toBe(0);
      // A card that failed is not saved either.
      expect((await getJson(server, user, '/api/payment-methods')).body).toEqual([]);
    });

    it('validates card details before calling the provider', async () => {
      const user = await createTestUser(server);
      const payment = newCard('4242 4242 4242 4241');
      const response = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({ payment }),
        randomUUID(),
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        'Card number is not valid; check the digits',
      );
    });
  });

  describe('home delivery', () => {
    it('prices by distance and keeps a copy of the address', async () => {
      const user = await createTestUser(server);
      // Nike South Congress (Austin) to 78704, about a mile away.
      const order = await createOrder(
        server,
        user,
        curbsideOrder({
          storeId: 'nike-south-congress',
          deliveryType: 'home',
          address: { ...homeAddress('78704', 'austin'), line2: 'Apt 4' },
          window: 'asap',
        }),
      );
      expect(order.zone).toBe('core');
      expect(order.distanceMiles).toBeLessThan(3);
      expect(order.feeCents).toBe(699 + 0 + 0 + 300);
      expect(order.deliveryAddress).toMatchObject({
        line1: '100 Main St',
        line2: 'Apt 4',
        city: 'austin',
        zip: '78704',
        metroArea: 'Austin',
      });
      expect(order.windowStartsAt).not.toBeNull();
    });

    it('refuses ASAP outside the core zone and addresses outside the service area', async () => {
      const user = await createTestUser(server);
      const farAsap = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({
          storeId: 'nike-south-congress',
          deliveryType: 'home',
          address: homeAddress('78664', 'Round Rock'),
          window: 'asap',
        }),
        randomUUID(),
      );
      expect(farAsap.status).toBe(422);
      expect(await farAsap.json()).toEqual({ message: QUOTE_MESSAGES.asapCoreOnly });

      const outside = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({
          storeId: 'nike-south-congress',
          deliveryType: 'home',
          address: homeAddress('10001', 'New York'),
          window: 'next_day',
        }),
        randomUUID(),
      );
      expect(outside.status).toBe(400);
      expect(await outside.json()).toMatchObject({
        message: GEOCODE_MESSAGES.outsideArea('10001'),
      });

      const curbsideOnly = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({
          storeId: 'dillards-willowbrook',
          deliveryType: 'home',
          address: homeAddress('77064', 'Houston'),
        }),
        randomUUID(),
      );
      expect(curbsideOnly.status).toBe(422);
      expect(await orderCount(server, user)).toBe(0);
    });
  });

  describe('the wallet', () => {
    it('pays fee and tip as separate ledger entries, and refuses a balance that is too low', async () => {
      const user = await createTestUser(server);
      await topUp(server, user, 1000);
      const order = await createOrder(
        server,
        user,
        curbsideOrder({ tipCents: 200, payment: { type: 'wallet' } }),
      );
      expect(order.payment).toMatchObject({ method: 'wallet', cardLast4: null, amountCents: 699 });
      const ledger = await getJson(server, user, '/api/wallet/entries');
      const page = walletEntriesPageSchema.parse(ledger.body);
      expect(page.balanceCents).toBe(301);
      expect(
        page.entries.map((entry) => [entry.kind, entry.amountCents, entry.orderNumber]),
      ).toEqual([
        ['tip', -200, order.orderNumber],
        ['payment', -499, order.orderNumber],
        ['top_up', 1000, null],
      ]);

      const tooMuch = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({ payment: { type: 'wallet' } }),
        randomUUID(),
      );
      expect(tooMuch.status).toBe(402);
      expect(await tooMuch.json()).toEqual({
        message: PAYMENT_MESSAGES.walletInsufficient('$3.01', '$4.99'),
      });
      expect(await orderCount(server, user)).toBe(1);
    });

    it('never goes negative under 20 parallel payments', async () => {
      const user = await createTestUser(server);
      await topUp(server, user, 5000);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          postJson(
            server,
            user,
            '/api/order-pickups',
            curbsideOrder({ payment: { type: 'wallet' } }),
            randomUUID(),
          ),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      // $50.00 pays ten $4.99 orders; the other ten are refused.
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 402)).toHaveLength(10);
      const [sum] = await server.database.db
        .select({
          total: sql<string>`coalesce(sum(${walletEntries.amountCents}), 0)`,
          lowest: sql<number>`min(${walletEntries.balanceAfterCents})`,
        })
        .from(walletEntries)
        .where(eq(walletEntries.userId, user.id));
      expect(Number(sum?.total)).toBe(10);
      expect(sum?.lowest).toBeGreaterThanOrEqual(0);
      const wallet = await getJson<{ balanceCents: number }>(server, user, '/api/wallet');
      expect(wallet.body.balanceCents).toBe(10);
      expect(await orderCount(server, user)).toBe(10);
    });
  });

  describe('ownership and cancelling', () => {
    it('answers 404 for another user’s order', async () => {
      const owner = await createTestUser(server);
      const other = await createTestUser(server);
      const order = await createOrder(server, owner);
      const detail = await getJson(server, other, `/api/order-pickups/${order.id}`);
      expect(detail.status).toBe(404);
      expect(detail.body).toEqual({ message: ORDER_MESSAGES.notFound });
      const cancel = await postJson(server, other, `/api/order-pickups/${order.id}/cancel`, {});
      expect(cancel.status).toBe(404);
      expect((await getJson(server, other, '/api/order-pickups')).body).toEqual([]);
      expect((await getJson(server, owner, `/api/order-pickups/${order.id}`)).status).toBe(200);
      expect((await getJson(server, owner, '/api/order-pickups/not-a-uuid')).status).toBe(400);
    });

    it('cancels with a full refund to the card, or to the wallet for wallet payments', async () => {
      const user = await createTestUser(server);
      const byCard = await createOrder(server, user, curbsideOrder({ tipCents: 100 }));
      const cancelled = await postJson(
        server,
        user,
        `/api/order-pickups/${byCard.id}/cancel`,
        {},
        randomUUID(),
      );
      expect(cancelled.status).toBe(200);
      const cancelledOrder = orderPickupSchema.parse(await cancelled.json());
      expect(cancelledOrder).toMatchObject({
        status: 'cancelled',
        cancellable: false,
        payment: { status: 'refunded', refundedCents: 599 },
      });
      expect(cancelledOrder.statusHistory.at(-1)).toMatchObject({
        status: 'cancelled',
        note: 'Cancelled by the customer; $5.99 refunded to the card',
      });

      await topUp(server, user, 1000);
      const byWallet = await createOrder(
        server,
        user,
        curbsideOrder({ payment: { type: 'wallet' } }),
      );
      expect(
        (await getJson<{ balanceCents: number }>(server, user, '/api/wallet')).body.balanceCents,
      ).toBe(501);
      const again = await postJson(server, user, `/api/order-pickups/${byWallet.id}/cancel`, {});
      expect(again.status).toBe(200);
      expect(
        (await getJson<{ balanceCents: number }>(server, user, '/api/wallet')).body.balanceCents,
      ).toBe(1000);

      const twice = await postJson(server, user, `/api/order-pickups/${byWallet.id}/cancel`, {});
      expect(twice.status).toBe(409);
    });

    it('cannot cancel once the order has left the store', async () => {
      const user = await createTestUser(server);
      const order = await createOrder(server, user);
      await changeOrderPickupStatus(server.database.db, server.app.orderPickupEvents, {
        orderPickupId: order.id,
        to: 'picked_up',
      });
      const response = await postJson(server, user, `/api/order-pickups/${order.id}/cancel`, {});
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        message: ORDER_MESSAGES.notCancellable('picked up'),
      });
    });
  });

  describe('the list kept in memory', () => {
    const statusesOf = async (user: TestUser, query = '') => {
      const { status, body } = await getJson<unknown>(server, user, `/api/order-pickups${query}`);
      expect(status).toBe(200);
      return orderPickupListSchema.parse(body).map((item) => item.status);
    };

    it('shows a change made outside any request (simulator, operator) on the next read', async () => {
      const user = await createTestUser(server);
      const order = await createOrder(server, user);
      expect(await statusesOf(user)).toEqual(['confirmed']);
      expect(await statusesOf(user, '?status=confirmed')).toEqual(['confirmed']);
      // Straight SQL, as a timer or an operator would: only the trigger's NOTIFY tells the cache.
      await server.database.db
        .update(orderPickups)
        .set({ status: 'ready_for_pickup' })
        .where(eq(orderPickups.id, order.id));
      // The embedded database delivers the NOTIFY before the write returns: the very next read
      // shows it. A PostgreSQL server delivers it a moment after the commit.
      if (kind === 'pglite') {
        expect(await statusesOf(user)).toEqual(['ready_for_pickup']);
        expect(await statusesOf(user, '?status=confirmed')).toEqual([]);
      } else {
        const soon = { timeout: 2000, interval: 20 };
        await expect.poll(() => statusesOf(user), soon).toEqual(['ready_for_pickup']);
        await expect.poll(() => statusesOf(user, '?status=confirmed'), soon).toEqual([]);
      }
    });

    it('shows an order placed by this process on the very next read, and never to others', async () => {
      const user = await createTestUser(server);
      const other = await createTestUser(server);
      expect(await statusesOf(user)).toEqual([]);
      expect(await statusesOf(other)).toEqual([]);
      await createOrder(server, user);
      expect(await statusesOf(user)).toEqual(['confirmed']);
      expect(await statusesOf(other)).toEqual([]);
    });
  });

  describe('changeOrderPickupStatus', () => {
    it('allows only legal transitions and tells the listeners in the same transaction', async () => {
      const seen: Array<Pick<OrderPickupStatusChange, 'from' | 'to'>> = [];
      const stop = server.app.orderPickupEvents.onStatusChange(async (_tx, change) => {
        seen.push({ from: change.from, to: change.to });
      });
      try {
        const user = await createTestUser(server);
        const order = await createOrder(server, user);
        const events = server.app.orderPickupEvents;
        const db = server.database.db;
        await changeOrderPickupStatus(db, events, {
          orderPickupId: order.id,
          to: 'ready_for_pickup',
        });
        // The same status again is a no-op, not an error (timers may repeat themselves).
        await changeOrderPickupStatus(db, events, {
          orderPickupId: order.id,
          to: 'ready_for_pickup',
        });
        await expect(
          changeOrderPickupStatus(db, events, { orderPickupId: order.id, to: 'delivered' }),
        ).rejects.toThrow(
          `Order ${order.orderNumber} cannot go from ready for pickup to delivered.`,
        );
        await expect(
          changeOrderPickupStatus(db, events, { orderPickupId: randomUUID(), to: 'confirmed' }),
        ).rejects.toThrow(ORDER_MESSAGES.notFound);
        expect(seen).toEqual([
          { from: null, to: 'confirmed' },
          { from: 'confirmed', to: 'ready_for_pickup' },
        ]);

        // A listener that fails rolls the change back.
        const failing = server.app.orderPickupEvents.onStatusChange(async () => {
          throw new Error('dispatch failed');
        });
        await expect(
          changeOrderPickupStatus(db, events, { orderPickupId: order.id, to: 'picked_up' }),
        ).rejects.toThrow('dispatch failed');
        failing();
        const detail = await getJson<OrderPickup>(server, user, `/api/order-pickups/${order.id}`);
        expect(detail.body.status).toBe('ready_for_pickup');
        expect(detail.body.statusHistory.map((change) => change.status)).toEqual([
          'confirmed',
          'ready_for_pickup',
        ]);
      } finally {
        stop();
      }
    });
  });
});
