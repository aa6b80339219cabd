import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CHECKOUT_MESSAGES, checkoutSessionSchema } from 'shared-contracts/checkout';
import { orderPickupSchema } from 'shared-contracts/order-pickups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser } from '../../test/users.ts';
import { users } from '../auth/schema.ts';
import { checkoutSessions } from '../order-pickups/schema.ts';
import { getJson, newCard } from '../order-pickups/test-helpers.ts';
import { createCheckoutSession, defaultBags, defaultWeightClass, maskName } from './service.ts';

const ITEMS = [
  { sku: 'SH-1', name: 'Running shoes', quantity: 1, unitPriceCents: 12_000 },
  { name: 'Socks', quantity: 3, unitPriceCents: 1_200 },
];

describe('session defaults', () => {
  it('derives bags and weight class from the number of items', () => {
    expect(defaultBags(1)).toBe(1);
    expect(defaultBags(6)).toBe(2);
    expect(defaultBags(500)).toBe(20);
    expect(defaultWeightClass(3)).toBe('small');
    expect(defaultWeightClass(4)).toBe('medium');
    expect(defaultWeightClass(15)).toBe('large');
    expect(defaultWeightClass(16)).toBe('extra_large');
  });
});

describe('maskName', () => {
  it('keeps only initials, whatever the letters and spacing', () => {
    expect(maskName('Ada Lovelace')).toBe('A. L.');
    expect(maskName('  mary   jane watson ')).toBe('M. J. W.');
    expect(maskName('Élodie de la Cruz')).toBe('É. D. L. C.');
    expect(maskName('Cher')).toBe('C.');
    expect(maskName('𝒜da Lovelace')).toBe('𝒜. L.');
  });
});

describeEachDatabase('checkout sessions', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('shows the customer’s name and contact details in full to their own verified account only', async () => {
    const owner = await createTestUser(server);
    const customerInfo = {
      name: 'Dana Rivera',
      email: owner.email.toUpperCase(),
      phone: '+1 214 555 0167',
      address: { line1: '1201 Main St', line2: 'Apt 4', city: 'Dallas', state: 'TX', zip: '75202' },
    };
    const session = await createCheckoutSession(
      server.database.db,
      {
        retailerId: 'nike',
        storeId: 'nike-south-congress',
        items: ITEMS,
        customerInfo,
      },
      { source: 'partner' },
    );
    const read = async (user: Awaited<ReturnType<typeof createTestUser>>) => {
      const view = await getJson(server, user, `/api/checkout-sessions/${session.id}`);
      expect(view.status).toBe(200);
      return checkoutSessionSchema.parse(view.body).customerInfo;
    };

    const [local, domain] = owner.email.split('@');
    const masked = {
      name: 'D. R.',
      email: `${local?.toUpperCase().slice(0, 1)}***@${domain?.toUpperCase()}`,
      phone: '*** *** **67',
      address: { city: 'Dallas', state: 'TX' },
      masked: true,
    };
    const stranger = await createTestUser(server);
    const seen = await read(stranger);
    expect(seen).toEqual(masked);
    expect(JSON.stringify(seen)).not.toMatch(/Dana|Rivera|0167|1201 Main|75202/);

    expect(await read(owner)).toEqual({ ...customerInfo, masked: false });

    // The same address, not yet verified, proves nothing.
    await server.database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, owner.id));
    expect(await read(owner)).toEqual(masked);
  });

  it('shows a retailer’s session and completes it once with a paid order pickup', async () => {
    const session = await createCheckoutSession(
      server.database.db,
      {
        retailerId: 'nike',
        storeId: 'nike-south-congress',
        retailerOrderNumber: 'NK-55',
        items: ITEMS,
        customerInfo: { name: 'Ada Lovelace', email: 'ada@example.test' },
      },
      { source: 'partner' },
    );
    const user = await createTestUser(server);
    const view = await getJson(server, user, `/api/checkout-sessions/${session.id}`);
    expect(view.status).toBe(200);
    expect(checkoutSessionSchema.parse(view.body)).toMatchObject({
      status: 'open',
      retailer: { id: 'nike', name: 'Nike' },
      store: { id: 'nike-south-congress', services: ['curbside', 'home_delivery'] },
      retailerOrderNumber: 'NK-55',
      itemsTotalCents: 15_600,
      bags: 1,
      weightClass: 'medium',
      orderPickupId: null,
    });

    const key = randomUUID();
    const body = { deliveryType: 'curbside', window: '4h', tipCents: 200, payment: newCard() };
    const response = await postJson(
      server,
      user,
      `/api/checkout-sessions/${session.id}/complete`,
      body,
      key,
    );
    expect(response.status).toBe(201);
    const order = orderPickupSchema.parse(await response.json());
    expect(order).toMatchObject({
      retailerOrderNumber: 'NK-55',
      customerName: 'Ada Lovelace',
      checkoutSessionId: session.id,
      feeCents: 499 + 150 + 100,
      totalCents: 949,
      status: 'confirmed',
    });
    const replay = await postJson(
      server,
      user,
      `/api/checkout-sessions/${session.id}/complete`,
      body,
      key,
    );
    expect(((await replay.json()) as { id: string }).id).toBe(order.id);

    const done = checkoutSessionSchema.parse(
      (await getJson(server, user, `/api/checkout-sessions/${session.id}`)).body,
    );
    expect(done).toMatchObject({
      status: 'completed',
      orderPickupId: order.id,
      orderNumber: order.orderNumber,
    });
    const second = await postJson(
      server,
      user,
      `/api/checkout-sessions/${session.id}/complete`,
      body,
      randomUUID(),
    );
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ message: CHECKOUT_MESSAGES.completed });
  });

  it('lets the customer choose the store when the retailer did not, only among its stores', async () => {
    const session = await createCheckoutSession(
      server.database.db,
      {
        retailerId: 'nike',
        items: ITEMS,
        customerInfo: { name: 'Grace Hopper' },
      },
      { source: 'partner' },
    );
    const user = await createTestUser(server);
    const view = checkoutSessionSchema.parse(
      (await getJson(server, user, `/api/checkout-sessions/${session.id}`)).body,
    );
    expect(view.store).toBeNull();
    expect(view.stores.map((store) => store.id).sort()).toEqual(
      ['nike-allen-outlets', 'nike-galleria-houston', 'nike-south-congress'].sort(),
    );
    const base = { deliveryType: 'curbside', window: '6h', tipCents: 0, payment: newCard() };
    const missing = await postJson(
      server,
      user,
      `/api/checkout-sessions/${session.id}/complete`,
      base,
      randomUUID(),
    );
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(
      CHECKOUT_MESSAGES.storeRequired,
    );
    const wrong = await postJson(
      server,
      user,
      `/api/checkout-sessions/${session.id}/complete`,
      { ...base, storeId: 'macys-galleria-dallas' },
      randomUUID(),
    );
    expect(wrong.status).toBe(400);
    const ok = await postJson(
      server,
      user,
      `/api/checkout-sessions/${session.id}/complete`,
      { ...base, storeId: 'nike-allen-outlets' },
      randomUUID(),
    );
    expect(ok.status).toBe(201);
  });

  it('refuses expired and unknown sessions and invalid input to the server function', async () => {
    const user = await createTestUser(server);
    const session = await createCheckoutSession(
      server.database.db,
      {
        retailerId: 'zara',
        storeId: 'zara-northpark',
        items: ITEMS,
        customerInfo: { name: 'Ada' },
      },
      { source: 'partner' },
    );
    await server.database.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, session.id));
    expect(
      checkoutSessionSchema.parse(
        (await getJson(server, user, `/api/checkout-sessions/${session.id}`)).body,
      ).status,
    ).toBe('expired');
    const expired = await postJson(
      server,
      user,
      `/api/checkout-sessions/${session.id}/complete`,
      { deliveryType: 'curbside', window: '6h', tipCents: 0, payment: newCard() },
      randomUUID(),
    );
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ message: CHECKOUT_MESSAGES.expired });
    expect((await getJson(server, user, `/api/checkout-sessions/${randomUUID()}`)).status).toBe(
      404,
    );

    await expect(
      createCheckoutSession(
        server.database.db,
        {
          retailerId: 'zara',
          items: [],
          customerInfo: { name: 'A' },
        },
        { source: 'partner' },
      ),
    ).rejects.toThrow('A checkout needs at least one item');
    await expect(
      createCheckoutSession(
        server.database.db,
        {
          retailerId: 'zara',
          storeId: 'nike-allen-outlets',
          items: ITEMS,
          customerInfo: { name: 'A' },
        },
        { source: 'partner' },
      ),
    ).rejects.toThrow(CHECKOUT_MESSAGES.storeNotRetailers);
  });

  it('creates sessions through the development endpoint outside production', async () => {
    const response = await postJson(server, null, '/api/dev/checkout-sessions', {
      retailerId: 'sephora',
      storeId: 'sephora-northpark',
      items: ITEMS,
      customerInfo: { name: 'Test' },
    });
    expect(response.status).toBe(201);
    const { id, url } = (await response.json()) as { id: string; url: string };
    expect(url).toBe(`/checkout?session=${id}`);
  });
});
