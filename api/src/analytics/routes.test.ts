import { randomUUID } from 'node:crypto';
import { dashboardSchema } from 'shared-contracts/retailer-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser } from '../../test/users.ts';
import { newCard } from '../order-pickups/test-helpers.ts';
import {
  apiPost,
  checkoutBody,
  onboardRetailer,
  type TestRetailer,
} from '../retailer-accounts/test-helpers.ts';
import { deliveriesCsv, lastDays } from './service.ts';

describe('dashboard helpers', () => {
  it('lists 14 local days, oldest first', () => {
    const days = lastDays(new Date('2026-11-21T18:00:00Z'));
    expect(days).toHaveLength(14);
    expect(days.at(-1)).toBe('2026-11-21');
    expect(days[0]).toBe('2026-11-08');
  });

  it('writes CSV with quoting and without formula injection', () => {
    const csv = deliveriesCsv([
      {
        id: 'd1',
        order_number: 'CR-1',
        order_reference: '=HYPERLINK("x")',
        status: 'delivered',
        delivery_type: 'home',
        store_name: 'Main, Downtown',
        customer_name: 'Ada "A" L',
      } as never,
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header?.startsWith('id,order_number,order_reference,status')).toBe(true);
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('"Main, Downtown"');
    expect(row).toContain('"Ada ""A"" L"');
  });
});

describeEachDatabase('delivery tracking dashboard', (kind) => {
  let server: TestServer;
  let retailer: TestRetailer;
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      env: { SIM_TIME_SCALE: '0.0001' },
      startTimers: true,
      timers: { pollIntervalMs: 20 },
    });
    retailer = await onboardRetailer(server, { businessName: 'Acme Outfitters' });
  });
  afterAll(() => server?.close());

  const dashboard = async (path = '/api/retailer/dashboard?mode=test') =>
    dashboardSchema.parse(
      await (await server.fetch(path, { headers: retailer.owner.headers })).json(),
    );

  it('counts, lists and analyses the retailer’s deliveries of one mode, and exports CSV', async () => {
    const empty = await dashboard();
    expect(empty).toMatchObject({ demo: false, businessName: 'Acme Outfitters', deliveries: [] });
    expect(empty.analytics).toMatchObject({ successRate: null, onTimeRate: null, totalCount: 0 });

    const initialized = await apiPost(
      server,
      '/api/checkout/initialize',
      retailer.testHeaders,
      checkoutBody(retailer.account.retailerId, { order_reference: 'DASH-1' }),
    );
    const { id } = (await initialized.json()) as { id: string };
    const customer = await createTestUser(server);
    await postJson(
      server,
      customer,
      `/api/checkout-sessions/${id}/complete`,
      {
        storeId: retailer.account.stores[0]?.id,
        deliveryType: 'home',
        address: { line1: '600 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
        window: 'asap',
        tipCents: 0,
        payment: newCard(),
      },
      randomUUID(),
    );

    let snapshot = await dashboard();
    const deadline = Date.now() + 30_000;
    // The counts and the list are read separately (ADR 008's caches, invalidated by NOTIFY on
    // PostgreSQL), so for a moment one can show the delivery before the other: wait for both.
    const settled = () =>
      snapshot.counts.delivered >= 1 && snapshot.deliveries[0]?.status === 'delivered';
    while (!settled() && Date.now() < deadline) {
      if (snapshot.couriers.length > 0) {
        expect(snapshot.couriers[0]).toMatchObject({ kind: 'driver', store: { name: 'Downtown' } });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      snapshot = await dashboard();
    }
    expect(snapshot.counts.delivered).toBe(1);
    expect(snapshot.deliveries[0]).toMatchObject({
      order_reference: 'DASH-1',
      status: 'delivered',
    });
    expect(snapshot.analytics).toMatchObject({ successRate: 1, deliveredCount: 1, totalCount: 1 });
    expect(snapshot.analytics.onTimeRate).toBe(1);
    expect(snapshot.analytics.averageDeliveryMinutes).toBeGreaterThanOrEqual(0);
    expect(snapshot.analytics.perDay.at(-1)?.delivered).toBe(1);
    expect(snapshot.couriers).toEqual([]);

    // Live mode has none of it.
    const live = await dashboard('/api/retailer/dashboard?mode=live');
    expect(live.deliveries).toEqual([]);
    const csv = await server.fetch('/api/retailer/dashboard/deliveries.csv?mode=test', {
      headers: retailer.owner.headers,
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('acme-outfitters-test-deliveries.csv');
    expect(await csv.text()).toContain('DASH-1');

    const stranger = await createTestUser(server);
    expect(
      (await server.fetch('/api/retailer/dashboard', { headers: stranger.headers })).status,
    ).toBe(404);
    expect(
      (await server.fetch('/api/retailer/dashboard?mode=prod', { headers: retailer.owner.headers }))
        .status,
    ).toBe(400);
  }, 60_000);
});

describe('the demo store', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { SIM_TIME_SCALE: '0.001', RETAILER_DEMO_TRAFFIC: 'on' },
      startTimers: true,
      timers: { pollIntervalMs: 20 },
    });
  });
  afterAll(() => server?.close());

  it('keeps ordering through the simulator and shows it to visitors as the labelled demo', async () => {
    let snapshot = dashboardSchema.parse(await (await server.fetch('/api/demo/dashboard')).json());
    const deadline = Date.now() + 30_000;
    while (snapshot.deliveries.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      snapshot = dashboardSchema.parse(await (await server.fetch('/api/demo/dashboard')).json());
    }
    expect(snapshot).toMatchObject({
      demo: true,
      businessName: 'CurbRun Demo Outfitters',
      mode: 'test',
    });
    expect(snapshot.deliveries.length).toBeGreaterThanOrEqual(2);
    expect(snapshot.deliveries[0]?.order_reference).toMatch(/^DEMO-\d{4}$/);
    const key = (await (await server.fetch('/api/demo/widget-key')).json()) as {
      publishableKey: string;
    };
    expect(key.publishableKey).toMatch(/^pk_test_/);

    // People read the development outbox for their own mail and PINs: the demo store's simulated
    // orders must not add anything to it.
    const outbox = (await (await server.fetch('/api/dev/outbox')).json()) as Array<{ to: string }>;
    expect(outbox.filter((message) => message.to.includes('curbrun.test'))).toEqual([]);
  }, 45_000);
});
