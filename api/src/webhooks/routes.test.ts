import {
  type CreatedWebhookEndpoint,
  SIGNATURE_HEADER,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  webhookEventSchema,
} from 'shared-contracts/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabaseTarget,
  describeEachDatabase,
  startTestServer,
  type TestServer,
} from '../../test/harness.ts';
import { apiPost, onboardRetailer, type TestRetailer } from '../retailer-accounts/test-helpers.ts';
import { verifySignature } from './signature.ts';
import { startReceiver } from './test-receiver.ts';

/** 1 simulated minute = 6 ms: the whole retry schedule runs in about 10 s. */
const FAST = { SIM_TIME_SCALE: '0.0001', WEBHOOK_TIMEOUT_MS: '400' };

async function addEndpoint(
  server: TestServer,
  retailer: TestRetailer,
  url: string,
  events = ['delivery.status_changed', 'delivery.delivered'],
): Promise<CreatedWebhookEndpoint> {
  const response = await apiPost(
    server,
    '/api/retailer/webhook-endpoints',
    retailer.owner.headers,
    {
      url,
      mode: 'test',
      events,
    },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CreatedWebhookEndpoint;
}

async function deliveryLog(
  server: TestServer,
  retailer: TestRetailer,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  const response = await server.fetch(`/api/retailer/webhook-endpoints/${endpointId}/deliveries`, {
    headers: retailer.owner.headers,
  });
  return (await response.json()) as WebhookDelivery[];
}

async function waitForLog(
  server: TestServer,
  retailer: TestRetailer,
  endpointId: string,
  done: (log: WebhookDelivery[]) => boolean,
  timeoutMs = 15_000,
): Promise<WebhookDelivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = await deliveryLog(server, retailer, endpointId);
    if (done(log)) return log;
    if (Date.now() > deadline) throw new Error(`log never settled: ${JSON.stringify(log)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDatabase('webhooks', (kind) => {
  let server: TestServer;
  let retailer: TestRetailer;
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      env: FAST,
      startTimers: true,
      timers: { pollIntervalMs: 20 },
    });
    retailer = await onboardRetailer(server);
  });
  afterAll(() => server?.close());

  it('signs each event so a real receiver can verify it; the secret is shown once', async () => {
    const receiver = await startReceiver();
    try {
      const { endpoint, secret } = await addEndpoint(server, retailer, receiver.url);
      expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
      expect(endpoint.secretHint).toBe(`whsec_…${secret.slice(-4)}`);
      const listed = await (
        await server.fetch('/api/retailer/webhook-endpoints', { headers: retailer.owner.headers })
      ).text();
      expect(listed).not.toContain(secret);

      for (const type of ['delivery.delivered', 'delivery.status_changed']) {
        const sent = await apiPost(
          server,
          `/api/retailer/webhook-endpoints/${endpoint.id}/test`,
          retailer.owner.headers,
          { type },
        );
        expect(sent.status).toBe(201);
      }
      const requests = await receiver.waitFor(2);
      const events = requests.map((request) => {
        const header = request.headers[SIGNATURE_HEADER.toLowerCase()] as string;
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        const verified = verifySignature(header, request.body, secret, {
          nowSeconds: Math.floor(Date.now() / 1000),
        });
        expect(verified.ok).toBe(true);
        // A different secret or a changed body does not verify.
        expect(
          verifySignature(header, request.body, 'whsec_wrong', { nowSeconds: Date.now() / 1000 })
            .ok,
        ).toBe(false);
        const event = webhookEventSchema.parse(JSON.parse(request.body));
        expect(request.headers['curbrun-event-id']).toBe(event.id);
        return event;
      });
      // Delivery is at least once: on a loaded machine an attempt that answered late is sent
      // again with the same event id, which receivers deduplicate by.
      const unique = [...new Map(events.map((event) => [event.id, event])).values()];
      expect(unique).toHaveLength(2);
      expect(unique.map((event) => event.type).sort()).toEqual([
        'delivery.delivered',
        'delivery.status_changed',
      ]);
      expect(events.every((event) => event.test_event === true && !event.livemode)).toBe(true);

      const log = await waitForLog(server, retailer, endpoint.id, (items) =>
        items.every((item) => item.status === 'succeeded'),
      );
      expect(log[0]?.log[0]).toMatchObject({ attempt: 1, statusCode: 200, error: null });
      expect(log[0]?.log[0]?.latencyMs).toBeGreaterThanOrEqual(0);
    } finally {
      await receiver.close();
    }
  });

  it('retries after 500s and timeouts with backoff until the receiver answers 2xx', async () => {
    const receiver = await startReceiver((_request, index) =>
      index === 0 ? 500 : index === 1 ? 'hang' : index === 2 ? 503 : 204,
    );
    try {
      const { endpoint } = await addEndpoint(server, retailer, receiver.url);
      await apiPost(
        server,
        `/api/retailer/webhook-endpoints/${endpoint.id}/test`,
        retailer.owner.headers,
        {},
      );
      const requests = await receiver.waitFor(4, 20_000);
      // The same event every time (receivers deduplicate by id), each freshly signed.
      const ids = new Set(requests.map((request) => JSON.parse(request.body).id));
      expect(ids.size).toBe(1);
      // Exponential: the gaps grow (1 simulated minute, then 5, then 30).
      const gaps = requests.slice(1).map((request, i) => request.at - (requests[i]?.at ?? 0));
      expect(gaps[2] ?? 0).toBeGreaterThan(gaps[0] ?? 0);
      const [delivery] = await waitForLog(
        server,
        retailer,
        endpoint.id,
        (items) => items[0]?.status === 'succeeded',
      );
      expect(delivery?.attempts).toBe(4);
      expect(delivery?.log.map((entry) => [entry.attempt, entry.statusCode]).reverse()).toEqual([
        [1, 500],
        [2, null],
        [3, 503],
        [4, 204],
      ]);
      expect(delivery?.log.find((entry) => entry.attempt === 2)?.error).toContain('Timed out');
    } finally {
      await receiver.close();
    }
  });

  it('gives up after 8 attempts; a manual retry delivers it later', async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const { endpoint } = await addEndpoint(server, retailer, receiver.url);
      await apiPost(
        server,
        `/api/retailer/webhook-endpoints/${endpoint.id}/test`,
        retailer.owner.headers,
        {},
      );
      const [failed] = await waitForLog(
        server,
        retailer,
        endpoint.id,
        (items) => items[0]?.status === 'failed',
        30_000,
      );
      expect(failed?.attempts).toBe(8);
      expect(receiver.received).toHaveLength(8);

      receiver.setResponder(() => 200);
      const retried = await apiPost(
        server,
        `/api/retailer/webhook-deliveries/${failed?.id}/retry`,
        retailer.owner.headers,
        {},
      );
      expect(retried.status).toBe(200);
      const view = (await retried.json()) as WebhookDelivery;
      expect(view.status).toBe('succeeded');
      expect(view.log[0]).toMatchObject({ attempt: 9, statusCode: 200, manual: true });

      // Someone else's delivery is not found.
      const stranger = await onboardRetailer(server, { businessName: 'Stranger' });
      const foreign = await apiPost(
        server,
        `/api/retailer/webhook-deliveries/${failed?.id}/retry`,
        stranger.owner.headers,
        {},
      );
      expect(foreign.status).toBe(404);
    } finally {
      await receiver.close();
    }
  }, 45_000);
});

describe('webhooks: the outbox survives a restart', () => {
  it('sends what was queued before the server stopped once another one starts', async () => {
    const receiver = await startReceiver();
    const target = await createTestDatabaseTarget('pglite');
    try {
      const first = await startTestServer({ database: target, env: FAST, startTimers: false });
      const retailer = await onboardRetailer(first);
      const { endpoint } = await addEndpoint(first, retailer, receiver.url);
      const queued = await apiPost(
        first,
        `/api/retailer/webhook-endpoints/${endpoint.id}/test`,
        retailer.owner.headers,
        {},
      );
      expect(((await queued.json()) as WebhookDelivery).status).toBe('pending');
      await first.close();
      expect(receiver.received).toHaveLength(0);

      const second = await startTestServer({
        database: target,
        env: FAST,
        seed: false,
        startTimers: true,
        timers: { pollIntervalMs: 20 },
      });
      try {
        // Generous: a loaded CI machine starts the second server slowly.
        const [request] = await receiver.waitFor(1, 30_000);
        expect(webhookEventSchema.parse(JSON.parse(request?.body ?? '')).test_event).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
      await target.drop();
    }
  }, 90_000);
});

describe('webhooks: address policy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { WEBHOOK_ALLOW_LOOPBACK: 'false' } });
  });
  afterAll(() => server?.close());

  it('refuses loopback, private and plain-http endpoints when loopback is off', async () => {
    const retailer = await onboardRetailer(server);
    const add = (url: string) =>
      apiPost(server, '/api/retailer/webhook-endpoints', retailer.owner.headers, {
        url,
        mode: 'live',
        events: ['delivery.delivered'],
      });
    const http = await add('http://example.com/hooks');
    expect(await http.json()).toMatchObject({ message: WEBHOOK_MESSAGES.urlHttpsInProduction });
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://10.1.2.3/hooks',
      'https://[::1]/hooks',
      'https://169.254.169.254/latest',
    ]) {
      const response = await add(url);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ message: WEBHOOK_MESSAGES.urlPrivate });
    }
  });
});
