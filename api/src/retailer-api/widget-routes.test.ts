import { RETAILER_API_MESSAGES, widgetQuoteSchema } from 'shared-contracts/retailer-api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { apiPost, onboardRetailer, type TestRetailer } from '../retailer-accounts/test-helpers.ts';

const cart = { order_items: [{ name: 'Sneakers', quantity: 1, unit_price_cents: 9000 }] };

describeEachDatabase('retailer API: the checkout widget', (kind) => {
  let server: TestServer;
  let retailer: TestRetailer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    retailer = await onboardRetailer(server, { businessName: 'Acme Outfitters' });
    const response = await server.fetch('/api/retailer/account/allowed-domains', {
      method: 'PUT',
      headers: { ...retailer.owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ domains: ['shop.acme.test', 'localhost:4000'] }),
    });
    expect(response.status).toBe(200);
  });
  afterAll(() => server?.close());

  const widgetHeaders = (origin?: string) => ({
    authorization: `Bearer ${retailer.publishable.test}`,
    ...(origin ? { origin } : {}),
  });

  it('answers the CORS preflight of any page', async () => {
    const response = await server.fetch('/api/v1/widget/quote', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.acme.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.acme.test');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('prices a cart and opens a checkout from an allowed origin', async () => {
    const quote = await apiPost(
      server,
      '/api/v1/widget/quote',
      widgetHeaders('https://shop.acme.test'),
      cart,
    );
    expect(quote.status).toBe(200);
    expect(quote.headers.get('access-control-allow-origin')).toBe('https://shop.acme.test');
    const body = widgetQuoteSchema.parse(await quote.json());
    expect(body).toMatchObject({
      business_name: 'Acme Outfitters',
      livemode: false,
      items_total_cents: 9000,
    });
    expect(body.delivery_options.map((option) => option.from_fee_cents)).toEqual([499, 699]);

    const checkout = await apiPost(
      server,
      '/api/v1/widget/checkout',
      { ...widgetHeaders('http://localhost:4000'), 'idempotency-key': 'cart-1' },
      cart,
    );
    expect(checkout.status).toBe(201);
    const opened = (await checkout.json()) as { id: string; checkout_url: string };
    expect(opened.checkout_url).toBe(`${server.config.publicUrl}/checkout?session=${opened.id}`);
  });

  it('lets this site’s own pages (the builder’s preview) use a test key, judged by PUBLIC_URL, not Host', async () => {
    const own = await apiPost(
      server,
      '/api/v1/widget/quote',
      widgetHeaders(server.config.publicUrl),
      cart,
    );
    expect(own.status).toBe(200);
    // An Origin equal to the request's own Host proves nothing; a script sets both.
    const asHost = await apiPost(server, '/api/v1/widget/quote', widgetHeaders(server.url), cart);
    expect(asHost.status).toBe(403);
  });

  it('refuses other origins, missing origins and secret keys', async () => {
    const evil = await apiPost(
      server,
      '/api/v1/widget/checkout',
      widgetHeaders('https://evil.test'),
      cart,
    );
    expect(evil.status).toBe(403);
    expect(await evil.json()).toEqual({
      message: RETAILER_API_MESSAGES.originNotAllowed('https://evil.test'),
    });
    const wrongPort = await apiPost(
      server,
      '/api/v1/widget/quote',
      widgetHeaders('http://localhost:4001'),
      cart,
    );
    expect(wrongPort.status).toBe(403);
    const noOrigin = await apiPost(server, '/api/v1/widget/quote', widgetHeaders(), cart);
    expect(await noOrigin.json()).toEqual({ message: RETAILER_API_MESSAGES.originRequired });
    const secret = await apiPost(
      server,
      '/api/v1/widget/quote',
      { ...retailer.testHeaders, origin: 'https://shop.acme.test' },
      cart,
    );
    expect(secret.status).toBe(403);
    expect(await secret.json()).toEqual({ message: RETAILER_API_MESSAGES.secretNotAllowed });
  });

  it('rolls the publishable key: the new one works at once, the old one stops', async () => {
    const rolling = await onboardRetailer(server, { businessName: 'Rolling Widgets' });
    await server.fetch('/api/retailer/account/allowed-domains', {
      method: 'PUT',
      headers: { ...rolling.owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ domains: ['shop.rolling.test'] }),
    });
    const quoteWith = (key: string) =>
      apiPost(
        server,
        '/api/v1/widget/quote',
        { authorization: `Bearer ${key}`, origin: 'https://shop.rolling.test' },
        cart,
      );
    expect((await quoteWith(rolling.publishable.test)).status).toBe(200);

    const roll = await apiPost(server, '/api/retailer/api-keys/roll', rolling.owner.headers, {
      mode: 'test',
      kind: 'publishable',
      graceHours: 0,
    });
    expect(roll.status).toBe(201);
    const created = (await roll.json()) as { secret: string; key: { display: string } };
    expect(created.secret).toMatch(/^pk_test_/);
    expect(created.key.display).toBe(created.secret);
    expect((await quoteWith(created.secret)).status).toBe(200);
    expect((await quoteWith(rolling.publishable.test)).status).toBe(401);
  });
});
