import { randomUUID } from 'node:crypto';
import { checkoutSessionSchema } from 'shared-contracts/checkout';
import {
  checkoutInitializeResponseSchema,
  RETAILER_API_MESSAGES,
} from 'shared-contracts/retailer-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser } from '../../test/users.ts';
import { IDEMPOTENCY_MESSAGES } from '../http/idempotency.ts';
import {
  apiPost,
  checkoutBody,
  onboardRetailer,
  type TestRetailer,
} from '../retailer-accounts/test-helpers.ts';

const INIT = '/api/checkout/initialize';

describeEachDatabase('retailer API: checkout initialize', (kind) => {
  let server: TestServer;
  let retailer: TestRetailer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    retailer = await onboardRetailer(server);
  });
  afterAll(() => server?.close());

  it('creates a checkout session with a checkout URL and delivery options priced by the quote function', async () => {
    const response = await apiPost(
      server,
      INIT,
      retailer.testHeaders,
      checkoutBody(retailer.account.retailerId, {
        order_reference: 'ACME-1001',
        customer_info: {
          name: 'Ada Lovelace',
          address: { line1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701' },
        },
      }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('ratelimit-policy')).toBe('"per-account";q=600;w=60');
    expect(response.headers.get('ratelimit')).toMatch(/^"per-account";r=\d+;t=\d+$/);
    const body = checkoutInitializeResponseSchema.parse(await response.json());
    expect(body).toMatchObject({
      object: 'checkout_session',
      livemode: false,
      retailer_id: retailer.account.retailerId,
      order_reference: 'ACME-1001',
      items_total_cents: 5000,
      checkout_url: `${server.config.publicUrl}/checkout?session=${body.id}`,
    });
    const [curbside, home] = body.delivery_options;
    // Curbside $4.99 + small (2 items) $0 + urgency: ASAP $3, 6 h $0.
    expect(curbside?.windows.find((w) => w.window === 'asap')?.fee_cents).toBe(799);
    expect(curbside?.from_fee_cents).toBe(499);
    // Home from the Downtown store (same ZIP): $6.99 + 0 distance band.
    expect(home).toMatchObject({ available: true, priced_for_address: true, from_fee_cents: 699 });

    // The customer sees it at /checkout?session=….
    const customer = await createTestUser(server);
    const session = checkoutSessionSchema.parse(
      await (
        await server.fetch(`/api/checkout-sessions/${body.id}`, { headers: customer.headers })
      ).json(),
    );
    expect(session).toMatchObject({ status: 'open', retailerOrderNumber: 'ACME-1001' });
    expect(session.stores.map((store) => store.id)).toEqual([retailer.account.stores[0]?.id]);
  });

  it('authenticates by key: missing, malformed, unknown, publishable, revoked, rolled', async () => {
    const body = checkoutBody(retailer.account.retailerId);
    const missing = await apiPost(server, INIT, {}, body);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');
    expect(await missing.json()).toEqual({ message: RETAILER_API_MESSAGES.missingKey });

    const malformed = await apiPost(server, INIT, { authorization: 'Bearer nope' }, body);
    expect(await malformed.json()).toEqual({ message: RETAILER_API_MESSAGES.malformedKey });

    const unknown = await apiPost(
      server,
      INIT,
      { authorization: `Bearer sk_test_${'x'.repeat(32)}` },
      body,
    );
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: RETAILER_API_MESSAGES.invalidKey });

    const publishable = await apiPost(
      server,
      INIT,
      { authorization: `Bearer ${retailer.publishable.test}` },
      body,
    );
    expect(publishable.status).toBe(403);
    expect(await publishable.json()).toEqual({
      message: RETAILER_API_MESSAGES.publishableNotAllowed,
    });

    // A customer session token is not an API key.
    const customer = await createTestUser(server);
    expect((await apiPost(server, INIT, customer.headers, body)).status).toBe(401);

    // Roll with a grace period: both keys work; roll again without: the old ones stop at once.
    const other = await onboardRetailer(server, { businessName: 'Rolling Stores' });
    const otherBody = checkoutBody(other.account.retailerId);
    const roll = (graceHours: number) =>
      apiPost(server, '/api/retailer/api-keys/roll', other.owner.headers, {
        mode: 'test',
        graceHours,
      });
    const rolled = (await (await roll(24)).json()) as { secret: string; key: { id: string } };
    expect(rolled.secret).toMatch(/^sk_test_/);
    expect((await apiPost(server, INIT, other.testHeaders, otherBody)).status).toBe(201);
    const fresh = { authorization: `Bearer ${rolled.secret}` };
    expect((await apiPost(server, INIT, fresh, otherBody)).status).toBe(201);
    await roll(0);
    const old = await apiPost(server, INIT, other.testHeaders, otherBody);
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ message: RETAILER_API_MESSAGES.revokedKey });
    expect((await apiPost(server, INIT, fresh, otherBody)).status).toBe(401);

    // Revoking the live key stops it; the test key of another roll is untouched.
    const keys = (await (
      await server.fetch('/api/retailer/api-keys', { headers: other.owner.headers })
    ).json()) as { id: string; kind: string; mode: string; active: boolean }[];
    const live = keys.find((key) => key.kind === 'secret' && key.mode === 'live' && key.active);
    const revoke = await apiPost(
      server,
      `/api/retailer/api-keys/${live?.id}/revoke`,
      other.owner.headers,
      {},
    );
    expect(revoke.status).toBe(200);
    expect((await apiPost(server, INIT, other.liveHeaders, otherBody)).status).toBe(401);
    // Another user cannot revoke it (404, not 403).
    expect(
      (
        await apiPost(
          server,
          `/api/retailer/api-keys/${live?.id}/revoke`,
          retailer.owner.headers,
          {},
        )
      ).status,
    ).toBe(404);
  });

  it('validates with clear messages and refuses another retailer or store', async () => {
    const headers = retailer.testHeaders;
    const noItems = await apiPost(
      server,
      INIT,
      headers,
      checkoutBody(retailer.account.retailerId, { order_items: [] }),
    );
    expect(noItems.status).toBe(400);
    expect(await noItems.json()).toMatchObject({ message: 'order_items needs at least one item' });

    const noCustomer = await apiPost(server, INIT, headers, {
      retailer_id: retailer.account.retailerId,
      order_items: [{ name: 'Tee', quantity: 1, unit_price_cents: 100 }],
    });
    expect(noCustomer.status).toBe(400);
    expect(((await noCustomer.json()) as { message: string }).message).toBe(
      'customer_info is required',
    );

    const badQuantity = await apiPost(
      server,
      INIT,
      headers,
      checkoutBody(retailer.account.retailerId, {
        order_items: [{ name: 'Tee', quantity: 0, unit_price_cents: 100 }],
      }),
    );
    expect(((await badQuantity.json()) as { message: string }).message).toBe(
      'order_items: quantity must be at least 1',
    );

    const other = await apiPost(server, INIT, headers, checkoutBody('nike'));
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ message: RETAILER_API_MESSAGES.retailerMismatch });

    const notMine = await apiPost(
      server,
      INIT,
      headers,
      checkoutBody(retailer.account.retailerId, { store_id: 'nike-south-congress' }),
    );
    expect(notMine.status).toBe(400);
    expect(await notMine.json()).toMatchObject({ message: RETAILER_API_MESSAGES.storeNotFound });

    const notJson = await server.fetch(INIT, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('replays a POST with the same Idempotency-Key and refuses a different body (422)', async () => {
    const key = randomUUID();
    const body = checkoutBody(retailer.account.retailerId, { order_reference: 'IDEM-1' });
    const first = await apiPost(
      server,
      INIT,
      { ...retailer.testHeaders, 'idempotency-key': key },
      body,
    );
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as { id: string };
    const again = await apiPost(
      server,
      INIT,
      { ...retailer.testHeaders, 'idempotency-key': key },
      body,
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(firstBody.id);

    const changed = await apiPost(
      server,
      INIT,
      { ...retailer.testHeaders, 'idempotency-key': key },
      { ...body, order_reference: 'IDEM-2' },
    );
    expect(changed.status).toBe(422);
    expect(await changed.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.mismatch });

    // Keys are per mode: the live key may use the same Idempotency-Key for its own request.
    const live = await apiPost(
      server,
      INIT,
      { ...retailer.liveHeaders, 'idempotency-key': key },
      { ...body, order_reference: 'IDEM-2' },
    );
    expect(live.status).toBe(201);
    expect(((await live.json()) as { livemode: boolean }).livemode).toBe(true);
  });
});

describe('retailer API: rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RETAILER_API_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => server?.close());

  it('limits each account per minute and kind of key, with RateLimit and Retry-After headers', async () => {
    const retailer = await onboardRetailer(server);
    const body = checkoutBody(retailer.account.retailerId);
    // A fresh window, so the three calls cannot straddle a minute boundary.
    const seconds = new Date().getSeconds();
    if (seconds > 50) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await apiPost(server, INIT, retailer.testHeaders, body);
      expect(response.status).toBe(201);
      remaining.push(response.headers.get('ratelimit') ?? '');
    }
    expect(remaining.map((value) => value.match(/r=(\d+)/)?.[1])).toEqual(['2', '1', '0']);
    const limited = await apiPost(server, INIT, retailer.testHeaders, body);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({
      message: RETAILER_API_MESSAGES.rateLimited(retryAfter),
    });
    // A fresh console key of the same account draws on the same spent budget.
    const minted = await apiPost(
      server,
      '/api/retailer/api-keys/console-key',
      retailer.owner.headers,
      {},
    );
    expect(minted.status).toBe(201);
    const { secret } = (await minted.json()) as { secret: string };
    const viaConsole = await apiPost(server, INIT, { authorization: `Bearer ${secret}` }, body);
    expect(viaConsole.status).toBe(429);
    // The live mode has its own budget.
    expect((await apiPost(server, INIT, retailer.liveHeaders, body)).status).toBe(201);
  }, 60_000);
});

describeEachDatabase('retailer API: the key before the body', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('answers 401 to a keyless call before reading its body, query or parameters', async () => {
    const calls: Array<{ path: string; init: RequestInit }> = [
      // An invalid body: a validator running first would answer 400 and describe the body.
      { path: INIT, init: { method: 'POST', body: JSON.stringify({ order_items: 'nope' }) } },
      { path: INIT, init: { method: 'POST', body: '{' } },
      { path: '/api/v1/deliveries?status=bogus&limit=-1', init: { method: 'GET' } },
      { path: `/api/v1/deliveries/${'x'.repeat(90)}`, init: { method: 'GET' } },
      {
        path: `/api/v1/deliveries/${'x'.repeat(90)}/cancel`,
        init: { method: 'POST', body: '[]' },
      },
      { path: '/api/v1/widget/quote', init: { method: 'POST', body: JSON.stringify({}) } },
      { path: '/api/v1/widget/checkout', init: { method: 'POST', body: 'not json' } },
    ];
    for (const { path, init } of calls) {
      const response = await server.fetch(path, {
        ...init,
        headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
      });
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
      expect(await response.json()).toEqual({ message: RETAILER_API_MESSAGES.missingKey });
      expect(response.headers.get('www-authenticate')).toContain('Bearer');
    }
  });
});
