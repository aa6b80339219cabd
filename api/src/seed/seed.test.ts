import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { meResponseSchema } from 'shared-contracts/auth';
import {
  type Delivery,
  deliverySchema,
  pickupHistoryPageSchema,
} from 'shared-contracts/deliveries';
import { orderNumberSchema, orderPickupSchema } from 'shared-contracts/order-pickups';
import { METRO_AREAS } from 'shared-contracts/stores';
import { walletEntriesPageSchema, walletSummarySchema } from 'shared-contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableDatabases,
  createTestDatabaseTarget,
  describeEachDatabase,
  startTestServer,
  type TestServer,
} from '../../test/harness.ts';
import { DEMO_BUSINESS_NAME } from '../analytics/demo.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { users } from '../auth/schema.ts';
import { curbsidePickups } from '../curbside/schema.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { deliveries, deliveryUpdates } from '../deliveries/schema.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { payments } from '../payments/schema.ts';
import { priceDelivery } from '../quotes/pricing.ts';
import { retailerAccounts, retailers } from '../retailers/schema.ts';
import { timers } from '../simulator/schema.ts';
import { stores } from '../stores/schema.ts';
import { DEMO_CUSTOMER } from './demo-customer.ts';
import { DEMO_ADDRESS, DEMO_ORDER_NUMBERS, DEMO_TOP_UP_CENTS } from './demo-history.ts';
import { seedBaseData, seedDatabase } from './seed.ts';

/** The demo store's owner and shopper (analytics/demo.ts), sorted. */
const DEMO_STORE_EMAILS = ['demo-retailer@curbrun.test', 'demo-shopper@curbrun.test'];

const DAY = 24 * 60 * 60_000;
const MINUTE = 60_000;
const HOURS = 60 * MINUTE;

/** Signs in with the README's demo credentials. */
const signInAsDemo = (server: TestServer) =>
  server.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: DEMO_CUSTOMER.username, password: DEMO_CUSTOMER.password }),
  });

describeEachDatabase('seedDatabase', (kind) => {
  let server: TestServer;
  let headers: { authorization: string };
  let startedAt: number;

  beforeAll(async () => {
    startedAt = Date.now();
    // 0.001: the courier left on the road at start-up arrives within a second of runDue calls.
    server = await startTestServer({
      database: kind,
      demoHistory: true,
      env: { SIM_TIME_SCALE: '0.001', AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
    });
    const login = await signInAsDemo(server);
    const { token } = (await login.json()) as { token: string };
    headers = { authorization: `Bearer ${token}` };
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  const get = async <T>(path: string, parse: (value: unknown) => T): Promise<T> => {
    const response = await server.fetch(path, { headers });
    expect(response.status, path).toBe(200);
    return parse(await response.json());
  };
  const demoOrders = () => db().select().from(orderPickups).orderBy(asc(orderPickups.orderNumber));
  const orderByNumber = async (orderNumber: string) => {
    const [row] = await db()
      .select()
      .from(orderPickups)
      .where(eq(orderPickups.orderNumber, orderNumber));
    if (!row) throw new Error(`${orderNumber} missing`);
    return row;
  };
  const deliveryOfOrder = (orderId: string) =>
    get(`/api/deliveries/order/${orderId}`, (value) => deliverySchema.parse(value));

  it('seeds an empty database once, and only once', async () => {
    expect(await seedDatabase(server.app)).toBe(false);
    const [retailerCount] = await db().select({ value: count() }).from(retailers);
    // The 13 partners and the public demo store.
    expect(retailerCount?.value).toBe(14);
    const people = await db().select({ email: users.email }).from(users);
    expect(people.map((person) => person.email).sort()).toEqual(
      [DEMO_CUSTOMER.email, ...DEMO_STORE_EMAILS].sort(),
    );
    const [orderCount] = await db().select({ value: count() }).from(orderPickups);
    expect(orderCount?.value).toBe(8);
  });

  it('gives every retailer at least one store, in all three Texas metros', async () => {
    const rows = await db().select().from(stores);
    const retailerIds = new Set(rows.map((row) => row.retailerId));
    // The 13 partners and the demo store.
    expect(retailerIds.size).toBe(14);
    expect(new Set(rows.map((row) => row.metroArea))).toEqual(new Set(METRO_AREAS));
    for (const row of rows) {
      expect(row.state).toBe('TX');
      expect(row.zip).toMatch(/^7[5-9]\d{3}$/);
      // Texas lies between 25.8°N–36.5°N and 93.5°W–106.6°W.
      expect(row.lat).toBeGreaterThan(25.8);
      expect(row.lat).toBeLessThan(36.5);
      expect(row.lng).toBeGreaterThan(-106.6);
      expect(row.lng).toBeLessThan(-93.5);
      expect(row.services.length).toBeGreaterThan(0);
      expect(row.hours.length).toBe(7);
    }
    expect(rows.length).toBeGreaterThan(13);
  });

  it('creates the demo customer with a verified email, an argon2id hash and a default address', async () => {
    const [user] = await db()
      .select()
      .from(users)
      .where(eq(users.username, DEMO_CUSTOMER.username));
    expect(user).toMatchObject({
      firstName: 'Dana',
      lastName: 'Rivera',
      email: 'demo@curbrun.test',
    });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(user?.passwordHash ?? '', DEMO_CUSTOMER.password)).toBe(true);
    // The account predates its history.
    const [first] = await demoOrders();
    expect(user?.createdAt.getTime()).toBeLessThan(first?.createdAt.getTime() ?? 0);

    const me = await get('/api/auth/me', (value) => meResponseSchema.parse(value));
    expect(me.user.defaultAddressLine).toBe(DEMO_ADDRESS.line1);
  });

  it('gives the demo customer CR-100231…CR-100238 in the statuses the flows need', async () => {
    const rows = await demoOrders();
    expect(rows.map((row) => row.orderNumber)).toEqual(Object.values(DEMO_ORDER_NUMBERS).sort());
    const statusOf = Object.fromEntries(rows.map((row) => [row.orderNumber, row.status]));
    expect(statusOf).toMatchObject({
      [DEMO_ORDER_NUMBERS.deliveredZara]: 'delivered',
      [DEMO_ORDER_NUMBERS.cancelledKohls]: 'cancelled',
      [DEMO_ORDER_NUMBERS.deliveredSephora]: 'delivered',
      [DEMO_ORDER_NUMBERS.readyNordstrom]: 'ready_for_pickup',
      [DEMO_ORDER_NUMBERS.readyFootLocker]: 'ready_for_pickup',
      [DEMO_ORDER_NUMBERS.confirmedMacys]: 'confirmed',
      [DEMO_ORDER_NUMBERS.confirmedNike]: 'confirmed',
    });
    // The courier may already have moved on by the time this runs (it is real).
    expect(['in_transit', 'delivered']).toContain(statusOf[DEMO_ORDER_NUMBERS.inTransit]);
    for (const row of rows) {
      expect(orderNumberSchema.safeParse(row.orderNumber).success).toBe(true);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('prices every order with the pricing function and has it paid, by card or wallet', async () => {
    for (const row of await demoOrders()) {
      const expected = priceDelivery(
        {
          deliveryType: row.deliveryType,
          distanceMiles: row.distanceMiles,
          weightClass: row.weightClass,
          plan: null,
        },
        row.window ?? 'asap',
      );
      expect(row.feeCents, row.orderNumber).toBe(expected.feeCents);
      expect(row.feeLines, row.orderNumber).toEqual(expected.lines);
      expect(row.totalCents).toBe(row.feeCents + row.tipCents);
      expect(row.feeCents).toBeGreaterThan(0);
      const detail = await get(`/api/order-pickups/${row.id}`, (value) =>
        orderPickupSchema.parse(value),
      );
      expect(detail.payment, row.orderNumber).not.toBeNull();
      expect(detail.payment?.amountCents).toBe(row.totalCents);
      expect(detail.payment?.status).toBe(row.status === 'cancelled' ? 'refunded' : 'succeeded');
      expect(detail.statusHistory[0]?.note).toMatch(
        /^Paid \$\d+\.\d\d (from the wallet|with Visa •••• 4242)$/,
      );
    }
  });

  it('keeps a wallet whose balance is its ledger: a card top-up, then wallet payments', async () => {
    const wallet = await get('/api/wallet', (value) => walletSummarySchema.parse(value));
    const entries = await get('/api/wallet/entries?pageSize=50', (value) =>
      walletEntriesPageSchema.parse(value),
    );
    const kinds = [...entries.entries].reverse().map((entry) => entry.kind);
    expect(kinds).toEqual(['top_up', 'payment', 'tip', 'payment', 'tip']);
    const sum = entries.entries.reduce((total, entry) => total + entry.amountCents, 0);
    expect(wallet.balanceCents).toBe(sum);
    const walletPaid = (await demoOrders())
      .filter(
        (row) =>
          row.orderNumber === DEMO_ORDER_NUMBERS.deliveredZara ||
          row.orderNumber === DEMO_ORDER_NUMBERS.deliveredSephora,
      )
      .reduce((total, row) => total + row.totalCents, 0);
    expect(wallet.balanceCents).toBe(DEMO_TOP_UP_CENTS - walletPaid);
    expect(wallet.balanceCents).toBeGreaterThan(0);
    const [topUp] = await db().select().from(payments).where(eq(payments.kind, 'wallet_top_up'));
    expect(topUp).toMatchObject({
      method: 'card',
      cardLast4: '4242',
      amountCents: DEMO_TOP_UP_CENTS,
    });
    expect(startedAt - (topUp?.createdAt.getTime() ?? 0)).toBeGreaterThan(29 * DAY);
  });

  it('leaves the delivered orders as the simulator did, weeks ago: timeline, photo proof', async () => {
    for (const [orderNumber, daysAgo] of [
      [DEMO_ORDER_NUMBERS.deliveredZara, 21],
      [DEMO_ORDER_NUMBERS.deliveredSephora, 7],
    ] as const) {
      const order = await orderByNumber(orderNumber);
      const delivery = await deliveryOfOrder(order.id);
      expect(delivery.status).toBe('delivered');
      expect(delivery.checkpoints.map((checkpoint) => checkpoint.reached)).toEqual([
        true,
        true,
        true,
        true,
      ]);
      const placed = order.createdAt.getTime();
      expect(startedAt - placed).toBeGreaterThan((daysAgo - 1) * DAY);
      expect(startedAt - placed).toBeLessThan((daysAgo + 1) * DAY);
      // A drive of a few miles after the courier's lead time: minutes to a couple of hours.
      const deliveredAt = Date.parse(delivery.deliveredAt ?? '');
      expect(deliveredAt - placed).toBeGreaterThan(5 * MINUTE);
      expect(deliveredAt - placed).toBeLessThan(4 * HOURS);
      // Not late: delivered before its window closed, and a scheduled window starts on a half
      // hour of the story's clock, as the quote would have shown it.
      expect(deliveredAt).toBeLessThanOrEqual(order.windowEndsAt?.getTime() ?? 0);
      if (order.window !== 'asap') {
        expect((order.windowStartsAt?.getTime() ?? 1) % (30 * MINUTE)).toBe(0);
        expect(deliveredAt).toBeGreaterThanOrEqual(order.windowStartsAt?.getTime() ?? 0);
      }
      const times = delivery.timeline.map((entry) => Date.parse(entry.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBeGreaterThanOrEqual(placed);
      expect(Math.abs((times.at(-1) ?? 0) - deliveredAt)).toBeLessThan(1_000);
      // The ETA given at dispatch is the courier's arrival in story time, not seconds later.
      expect(Date.parse(delivery.timeline[0]?.etaAt ?? '') - placed).toBeGreaterThan(5 * MINUTE);
      expect(delivery.timeline.map((entry) => entry.status)).toEqual(
        expect.arrayContaining(['pickup_confirmed', 'en_route', 'arriving', 'delivered']),
      );
      // Timed at real speed, as the courier's leg was.
      const [row] = await db().select().from(deliveries).where(eq(deliveries.id, delivery.id));
      expect(row?.timeScale).toBeCloseTo(1, 6);
      expect(row?.legDurationMs).toBeGreaterThan(MINUTE - 1);
      expect(row?.legDurationMs).toBeLessThan(2 * HOURS);

      expect(delivery.proof).toMatchObject({ kind: 'photo' });
      const proof = await server.fetch(delivery.proof?.imageUrl ?? '', { headers });
      expect(proof.status).toBe(200);
      expect(proof.headers.get('content-type')).toBe('image/png');
    }
  });

  it('has a courier on the road that the timer runner brings to the door', async () => {
    const order = await orderByNumber(DEMO_ORDER_NUMBERS.inTransit);
    let delivery: Delivery = await deliveryOfOrder(order.id);
    expect(delivery.deliveryType).toBe('home');
    // It left the store at start-up, after the time it took the courier to get there.
    const leftAt = delivery.timeline.find((entry) => entry.status === 'en_route')?.at ?? '';
    expect(Date.parse(leftAt)).toBeGreaterThanOrEqual(startedAt);
    expect(Date.parse(leftAt) - order.createdAt.getTime()).toBeGreaterThan(0);
    const [open] = await db()
      .select({ value: count() })
      .from(timers)
      .where(and(isNull(timers.doneAt), sql`${timers.payload}->>'deliveryId' = ${delivery.id}`));
    expect(open?.value).toBe(1);

    const deadline = Date.now() + 15_000;
    while (delivery.status !== 'delivered' && Date.now() < deadline) {
      await server.app.timers.runDue();
      await new Promise((resolve) => setTimeout(resolve, 20));
      delivery = await deliveryOfOrder(order.id);
    }
    expect(delivery.status).toBe('delivered');
    expect((await orderByNumber(DEMO_ORDER_NUMBERS.inTransit)).status).toBe('delivered');
  });

  it('leaves the curbside orders waiting for the customer, with nothing scheduled', async () => {
    const numbers = [
      DEMO_ORDER_NUMBERS.readyNordstrom,
      DEMO_ORDER_NUMBERS.readyFootLocker,
      DEMO_ORDER_NUMBERS.confirmedMacys,
      DEMO_ORDER_NUMBERS.confirmedNike,
    ];
    const rows = await db()
      .select({ order: orderPickups, delivery: deliveries })
      .from(orderPickups)
      .innerJoin(deliveries, eq(deliveries.orderPickupId, orderPickups.id))
      .where(inArray(orderPickups.orderNumber, numbers));
    expect(rows).toHaveLength(4);
    for (const { order, delivery } of rows) {
      expect(order.deliveryType).toBe('curbside');
      expect(delivery).toMatchObject({ fleet: 'curbrun_robots', status: 'pickup_confirmed' });
      const [open] = await db()
        .select({ value: count() })
        .from(timers)
        .where(and(isNull(timers.doneAt), sql`${timers.payload}->>'deliveryId' = ${delivery.id}`));
      expect(open?.value).toBe(0);
    }
    expect(await db().select().from(curbsidePickups)).toEqual([]);

    // The curbside flow takes them as they are.
    const arrival = await server.fetch('/api/curbside-pickups', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        customerName: 'Dana Rivera',
        parkingSpotNumber: '7',
        phoneNumber: '+1 214 555 0142',
        orderNumber: DEMO_ORDER_NUMBERS.readyNordstrom,
      }),
    });
    expect(arrival.status).toBe(201);
  });

  it('shows the history with its totals, and delivery updates dated with their orders', async () => {
    const history = await get('/api/pickup-history?pageSize=20', (value) =>
      pickupHistoryPageSchema.parse(value),
    );
    const orders = history.items.filter((item) => item.kind === 'order');
    expect(orders).toHaveLength(8);
    for (const item of orders) expect(item.totalCents).toBeGreaterThan(0);

    const zara = await orderByNumber(DEMO_ORDER_NUMBERS.deliveredZara);
    const [delivery] = await db()
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.orderPickupId, zara.id));
    const updates = await db()
      .select()
      .from(deliveryUpdates)
      .where(eq(deliveryUpdates.deliveryId, delivery?.id ?? ''));
    for (const update of updates) {
      expect(update.createdAt.getTime()).toBeLessThan(startedAt - 20 * DAY);
    }
  });

  it('rejects a second account whose email or username differs only in case', async () => {
    const base = { firstName: 'A', lastName: 'B', passwordHash: 'x' };
    await expect(
      db()
        .insert(users)
        .values({ ...base, username: 'DEMO', email: 'other@example.test' }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(users)
        .values({ ...base, username: 'other', email: 'Demo@Curbrun.test' }),
    ).rejects.toThrow();
  });
});

// Two processes sharing one database exist only with PostgreSQL (PGlite is one process's file).
describe.runIf(availableDatabases().includes('postgres'))('seedBaseData [postgres]', () => {
  it('seeds once when two processes start together', async () => {
    const fresh = await createTestDatabaseTarget('postgres');
    const a = await fresh.open();
    const b = await fresh.open();
    try {
      await migrateDatabase(a);
      const results = await Promise.all([seedBaseData(a.db), seedBaseData(b.db)]);
      expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
      const [retailerCount] = await a.db.select({ value: count() }).from(retailers);
      expect(retailerCount?.value).toBe(13);
    } finally {
      await a.close();
      await b.close();
      await fresh.drop();
    }
  });
});

describeEachDatabase('seedDatabase with DEMO_CUSTOMER=off', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind, env: { DEMO_CUSTOMER: 'off' } });
  });
  afterAll(() => server?.close());

  it('seeds the partner retailers and their stores, and no customer at all', async () => {
    const retailersResponse = await server.fetch('/api/retailers');
    expect(retailersResponse.status).toBe(200);
    expect(((await retailersResponse.json()) as unknown[]).length).toBe(13);
    const [storeCount] = await server.database.db.select({ value: count() }).from(stores);
    expect(storeCount?.value).toBeGreaterThanOrEqual(13);
    // Only the demo store's own accounts, which nobody signs into.
    const people = await server.database.db.select({ email: users.email }).from(users);
    expect(people.map((person) => person.email).sort()).toEqual(DEMO_STORE_EMAILS);
    const login = await signInAsDemo(server);
    expect(login.status).toBe(401);
  });
});

/**
 * The demo store's accounts must exist before anyone can register: created on first use of the
 * demo, their addresses would be free, and a stranger who registered
 * `demo-retailer@curbrun.test` first would own the demo store, its keys and its dashboard.
 */
describeEachDatabase('the demo store is seeded, not claimed', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // NODE_ENV=test: no demo traffic, so nothing but the seed creates the demo store.
    server = await startTestServer({
      database: kind,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
    });
  });
  afterAll(() => server?.close());

  const register = (username: string, email: string) =>
    server.fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Mallory',
        lastName: 'Stranger',
        username,
        email,
        password: 'Str0ng!Passw0rd',
      }),
    });

  it('owns its accounts before anyone can register their address or username', async () => {
    const [owner] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'demo-retailer@curbrun.test'));
    const [account] = await server.database.db
      .select({ ownerUserId: retailerAccounts.ownerUserId, name: retailerAccounts.businessName })
      .from(retailerAccounts)
      .where(eq(retailerAccounts.businessName, DEMO_BUSINESS_NAME));
    expect(owner).toBeDefined();
    expect(account?.ownerUserId).toBe(owner?.id);

    for (const email of ['demo-retailer@curbrun.test', 'Demo-Shopper@CurbRun.test']) {
      const response = await register(`mallory_${email.length}`, email);
      expect(response.status, email).toBe(409);
      expect(await response.json()).toMatchObject({
        message: 'An account with that email already exists. Try logging in instead.',
      });
    }
    const byName = await register('Demo_Retailer', 'mallory@example.test');
    expect(byName.status).toBe(409);
    expect(await byName.json()).toMatchObject({
      message: 'That username is already taken. Please choose another one.',
    });

    // Still the seeded owner's store, and still working for visitors.
    const widgetKey = await server.fetch('/api/demo/widget-key');
    expect(widgetKey.status).toBe(200);
    const [after] = await server.database.db
      .select({ ownerUserId: retailerAccounts.ownerUserId })
      .from(retailerAccounts)
      .where(eq(retailerAccounts.businessName, DEMO_BUSINESS_NAME));
    expect(after?.ownerUserId).toBe(owner?.id);
  });
});

describeEachDatabase('a database where a stranger registered the demo address first', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // As a database from before the fix: no demo store yet, the address free to register.
    server = await startTestServer({
      database: kind,
      seed: false,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
    });
  });
  afterAll(() => server?.close());

  it('never hands the demo store to that account, and still starts', async () => {
    const registered = await server.fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Mallory',
        lastName: 'Stranger',
        username: 'mallory_demo',
        email: 'demo-retailer@curbrun.test',
        password: 'Str0ng!Passw0rd',
      }),
    });
    expect(registered.status).toBe(201);
    // The next start's seed.
    await expect(seedDatabase(server.app, { history: false })).resolves.toBe(true);
    const accounts = await server.database.db
      .select({ id: retailerAccounts.id })
      .from(retailerAccounts)
      .innerJoin(users, eq(users.id, retailerAccounts.ownerUserId))
      .where(eq(users.email, 'demo-retailer@curbrun.test'));
    expect(accounts).toEqual([]);
  });
});
