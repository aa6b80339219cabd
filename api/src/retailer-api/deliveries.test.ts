import { randomUUID } from 'node:crypto';
import { deliveryListSchema, RETAILER_API_MESSAGES } from 'shared-contracts/retailer-api';
import { SIGNATURE_HEADER, type WebhookEvent, webhookEventSchema } from 'shared-contracts/webhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { verifySignature } from '../webhooks/signature.ts';
import { startReceiver } from '../webhooks/test-receiver.ts';
import { eventsFor } from './delivery-sync.ts';

it('maps status changes to webhook events', () => {
  expect(eventsFor(null, 'pickup_confirmed')).toEqual(['delivery.created']);
  expect(eventsFor('pickup_confirmed', 'en_route')).toEqual(['delivery.status_changed']);
  expect(eventsFor('arriving', 'delivered')).toEqual([
    'delivery.status_changed',
    'delivery.delivered',
  ]);
  expect(eventsFor('arriving', 'failed')).toEqual(['delivery.status_changed', 'delivery.failed']);
  expect(eventsFor('pickup_confirmed', 'cancelled')).toEqual([
    'delivery.status_changed',
    'delivery.cancelled',
  ]);
  expect(eventsFor('en_route', 'en_route')).toEqual([]);
});

describeEachDatabase('retailer API: deliveries and their webhooks', (kind) => {
  let server: TestServer;
  let retailer: TestRetailer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;
  beforeAll(async () => {
    // A simulated minute is 6 ms: a home delivery takes well under a few seconds.
    server = await startTestServer({
      database: kind,
      env: { SIM_TIME_SCALE: '0.0001' },
      startTimers: true,
      timers: { pollIntervalMs: 20 },
    });
    retailer = await onboardRetailer(server);
    receiver = await startReceiver();
    const endpoint = await apiPost(
      server,
      '/api/retailer/webhook-endpoints',
      retailer.owner.headers,
      {
        url: receiver.url,
        mode: 'test',
        events: [
          'delivery.created',
          'delivery.status_changed',
          'delivery.delivered',
          'delivery.failed',
          'delivery.cancelled',
        ],
      },
    );
    secret = ((await endpoint.json()) as { secret: string }).secret;
  });
  afterAll(async () => {
    await receiver?.close();
    await server?.close();
  });

  /** The retailer initializes a checkout; a customer completes it and pays. */
  async function checkoutAndPay(delivery: Record<string, unknown>): Promise<string> {
    const initialized = await apiPost(
      server,
      '/api/checkout/initialize',
      retailer.testHeaders,
      checkoutBody(retailer.account.retailerId, { store_id: retailer.account.stores[0]?.id }),
    );
    expect(initialized.status).toBe(201);
    const { id } = (await initialized.json()) as { id: string };
    const customer = await createTestUser(server);
    const paid = await postJson(
      server,
      customer,
      `/api/checkout-sessions/${id}/complete`,
      { tipCents: 0, payment: newCard(), ...delivery },
      randomUUID(),
    );
    expect(paid.status, await paid.clone().text()).toBe(201);
    return id;
  }

  const events = (): WebhookEvent[] =>
    receiver.received.map((request) => webhookEventSchema.parse(JSON.parse(request.body)));

  async function waitForEvent(match: (event: WebhookEvent) => boolean, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events().find(match);
      if (found) return found;
      await server.app.retailerDeliverySync.run();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(
      `no such webhook; got ${events()
        .map((event) => event.type)
        .join(', ')}`,
    );
  }

  it('lists the delivery for the test key only and sends signed webhooks up to delivered', async () => {
    const sessionId = await checkoutAndPay({
      deliveryType: 'home',
      address: { line1: '600 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
      window: 'asap',
    });
    const created = await waitForEvent(
      (event) =>
        event.type === 'delivery.created' && event.data.object.checkout_session_id === sessionId,
    );
    const deliveryId = created.data.object.id;
    expect(created.data.object).toMatchObject({ livemode: false, status: 'pickup_confirmed' });

    const list = deliveryListSchema.parse(
      await (await server.fetch('/api/v1/deliveries', { headers: retailer.testHeaders })).json(),
    );
    expect(list.data.map((delivery) => delivery.id)).toContain(deliveryId);
    const live = deliveryListSchema.parse(
      await (await server.fetch('/api/v1/deliveries', { headers: retailer.liveHeaders })).json(),
    );
    expect(live.data).toEqual([]);
    const other = await onboardRetailer(server, { businessName: 'Another Shop' });
    const foreign = await server.fetch(`/api/v1/deliveries/${deliveryId}`, {
      headers: other.testHeaders,
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: RETAILER_API_MESSAGES.deliveryNotFound });

    const delivered = await waitForEvent(
      (event) => event.type === 'delivery.delivered' && event.data.object.id === deliveryId,
      30_000,
    );
    expect(delivered.data.previous_status).toBe('arriving');
    // Each event is its own delivery, retried on its own: like Stripe's, webhooks may arrive out
    // of order, so the sequence is read from each event's previous_status, not from arrival.
    const changes = new Map(
      events()
        .filter(
          (event) =>
            event.type === 'delivery.status_changed' && event.data.object.id === deliveryId,
        )
        .map((event) => [event.data.object.status, event.data.previous_status]),
    );
    expect([...changes.keys()].sort()).toEqual(['arriving', 'delivered', 'en_route']);
    expect(changes.get('arriving')).toBe('en_route');
    expect(changes.get('delivered')).toBe('arriving');
    // Every request verifies with the endpoint's secret; every event id is unique.
    for (const request of receiver.received) {
      const header = request.headers[SIGNATURE_HEADER.toLowerCase()] as string;
      expect(
        verifySignature(header, request.body, secret, { nowSeconds: Math.floor(Date.now() / 1000) })
          .ok,
      ).toBe(true);
    }
    expect(new Set(events().map((event) => event.id)).size).toBe(events().length);

    const read = await server.fetch(`/api/v1/deliveries/${deliveryId}`, {
      headers: retailer.testHeaders,
    });
    const body = (await read.json()) as { status: string; status_history: { status: string }[] };
    expect(body.status).toBe('delivered');
    expect(body.status_history.map((entry) => entry.status)).toEqual([
      'pickup_confirmed',
      'en_route',
      'arriving',
      'delivered',
    ]);
    const filtered = deliveryListSchema.parse(
      await (
        await server.fetch('/api/v1/deliveries?status=en_route,arriving', {
          headers: retailer.testHeaders,
        })
      ).json(),
    );
    expect(filtered.data.map((delivery) => delivery.id)).not.toContain(deliveryId);
    const bad = await server.fetch('/api/v1/deliveries?status=lost', {
      headers: retailer.testHeaders,
    });
    expect(bad.status).toBe(400);
  }, 60_000);

  it('cancels a delivery through the API while the courier is at the store', async () => {
    // Curbside waits for the customer's arrival at the store: it stays cancellable.
    const sessionId = await checkoutAndPay({ deliveryType: 'curbside', window: '6h' });
    const created = await waitForEvent(
      (event) =>
        event.type === 'delivery.created' && event.data.object.checkout_session_id === sessionId,
    );
    const id = created.data.object.id;
    const cancel = () =>
      apiPost(
        server,
        `/api/v1/deliveries/${id}/cancel`,
        { ...retailer.testHeaders, 'idempotency-key': `cancel-${id}` },
        {},
      );
    const response = await cancel();
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe('cancelled');
    expect((await cancel()).headers.get('idempotent-replayed')).toBe('true');
    await waitForEvent(
      (event) => event.type === 'delivery.cancelled' && event.data.object.id === id,
    );
    const again = await apiPost(
      server,
      `/api/v1/deliveries/${id}/cancel`,
      retailer.testHeaders,
      {},
    );
    expect(again.status).toBe(409);
  }, 60_000);
});
