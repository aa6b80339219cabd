import { randomUUID } from 'node:crypto';
import { LEASE_MESSAGES, leaseSchema, priceLease } from 'shared-contracts/leasing';
import { PAYMENT_MESSAGES, TEST_CARDS } from 'shared-contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser } from '../../test/users.ts';
import { newCard } from '../order-pickups/test-helpers.ts';
import { apiPost, onboardRetailer, type TestRetailer } from '../retailer-accounts/test-helpers.ts';

describe('priceLease', () => {
  it('applies the term discount, then the volume discount, rounding in the retailer’s favour', () => {
    expect(priceLease({ modelId: 'scout', planId: 'flex', quantity: 1 })).toEqual({
      unitMonthlyCents: 89_900,
      volumeDiscountPercent: 0,
      monthlyCents: 89_900,
      termMonths: 12,
      totalCents: 1_078_800,
      dueTodayCents: 89_900,
    });
    const fleet = priceLease({ modelId: 'courier', planId: 'fleet', quantity: 10 });
    expect(fleet.unitMonthlyCents).toBe(103_920);
    expect(fleet.volumeDiscountPercent).toBe(10);
    expect(fleet.monthlyCents).toBe(935_280);
    expect(fleet.totalCents).toBe(935_280 * 36);
    expect(
      priceLease({ modelId: 'hauler', planId: 'standard', quantity: 5 }).volumeDiscountPercent,
    ).toBe(5);
  });
});

describeEachDatabase('robot leases', (kind) => {
  let server: TestServer;
  let retailer: TestRetailer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    retailer = await onboardRetailer(server);
  });
  afterAll(() => server?.close());

  const lease = (extra: Record<string, unknown> = {}) => ({
    modelId: 'courier',
    planId: 'standard',
    quantity: 2,
    storeId: retailer.account.stores[0]?.id,
    card: newCard().card,
    acceptTerms: true,
    ...extra,
  });

  it('charges the first month, stores the lease and lists it for the retailer', async () => {
    const key = randomUUID();
    const headers = { ...retailer.owner.headers, 'idempotency-key': key };
    const response = await apiPost(server, '/api/leases', headers, lease());
    expect(response.status).toBe(201);
    const created = leaseSchema.parse(await response.json());
    const price = priceLease({ modelId: 'courier', planId: 'standard', quantity: 2 });
    expect(created).toMatchObject({
      status: 'active',
      modelName: 'CurbRun Courier',
      planName: 'Standard',
      quantity: 2,
      termMonths: 24,
      monthlyCents: price.monthlyCents,
      paidTodayCents: price.dueTodayCents,
      card: { brand: 'Visa', last4: '4242' },
    });
    expect(created.leaseNumber).toMatch(/^RL-[0-9A-Z]{8}$/);
    const replay = await apiPost(server, '/api/leases', headers, lease());
    expect(((await replay.json()) as { id: string }).id).toBe(created.id);

    const list = await server.fetch('/api/leases', { headers: retailer.owner.headers });
    expect(((await list.json()) as { id: string }[]).map((item) => item.id)).toEqual([created.id]);
    const one = await server.fetch(`/api/leases/${created.id}`, {
      headers: retailer.owner.headers,
    });
    expect(one.status).toBe(200);
    const stranger = await onboardRetailer(server, { businessName: 'Other Shop' });
    const foreign = await server.fetch(`/api/leases/${created.id}`, {
      headers: stranger.owner.headers,
    });
    expect(foreign.status).toBe(404);
  });

  it('validates, refuses declined cards and leases without an account', async () => {
    const headers = retailer.owner.headers;
    const terms = await apiPost(server, '/api/leases', headers, lease({ acceptTerms: false }));
    expect(await terms.json()).toMatchObject({ message: LEASE_MESSAGES.termsRequired });
    const many = await apiPost(server, '/api/leases', headers, lease({ quantity: 51 }));
    expect(await many.json()).toMatchObject({ message: LEASE_MESSAGES.quantity });
    const store = await apiPost(
      server,
      '/api/leases',
      headers,
      lease({ storeId: 'nike-south-congress' }),
    );
    expect(await store.json()).toMatchObject({ message: LEASE_MESSAGES.storeNotYours });
    const declined = await apiPost(
      server,
      '/api/leases',
      headers,
      lease({ card: newCard(TEST_CARDS.declined).card }),
    );
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({ message: PAYMENT_MESSAGES.cardDeclined });
    const price = await apiPost(
      server,
      '/api/leases',
      headers,
      lease({ expectedDueTodayCents: 1 }),
    );
    expect(price.status).toBe(409);
    const list = (await (await server.fetch('/api/leases', { headers })).json()) as unknown[];
    expect(list).toHaveLength(1);

    const customer = await createTestUser(server);
    const none = await apiPost(server, '/api/leases', customer.headers, lease());
    expect(none.status).toBe(404);
  });
});
