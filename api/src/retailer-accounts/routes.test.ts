import { RETAILER_MESSAGES, retailerAccountSchema } from 'shared-contracts/retailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser } from '../../test/users.ts';
import { firstFreeSlug, slugify } from './service.ts';
import { accountInput, onboardRetailer } from './test-helpers.ts';

it('makes retailer ids from business names', () => {
  expect(slugify('Acme Outfitters, Inc.')).toBe('acme-outfitters-inc');
  expect(slugify('Café Olé')).toBe('cafe-ole');
  expect(slugify('!!!')).toBe('retailer');
  expect(firstFreeSlug('nike', new Set(['nike', 'nike-2']))).toBe('nike-3');
});

describeEachDatabase('retailer accounts', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    server.fetch(path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('onboards a user as the owner, with stores placed and keys shown once', async () => {
    // The partner retailer "nike" exists: a name that makes the same id (ids keep Latin letters
    // only) gets the next free one.
    const retailer = await onboardRetailer(server, { businessName: 'Nike 東京' });
    expect(retailer.account.retailerId).toBe('nike-2');
    expect(retailer.secretKeys.test).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(retailer.secretKeys.live).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(retailer.publishable.test).toMatch(/^pk_test_/);
    expect(retailer.account.stores).toEqual([
      expect.objectContaining({
        id: 'nike-2-downtown',
        metroArea: 'Austin',
        services: ['curbside', 'home_delivery'],
      }),
    ]);

    const mine = await server.fetch('/api/retailer/account', { headers: retailer.owner.headers });
    expect(retailerAccountSchema.parse(await mine.json()).id).toBe(retailer.account.id);
    const keys = await (
      await server.fetch('/api/retailer/api-keys', { headers: retailer.owner.headers })
    ).text();
    expect(keys).not.toContain(retailer.secretKeys.test);
    expect(keys).toContain(retailer.secretKeys.test.slice(-4));

    const again = await post('/api/retailer/account', retailer.owner.headers, accountInput());
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: RETAILER_MESSAGES.accountExists });

    // The partner strip and the store list stay the partners'.
    const partners = (await (await server.fetch('/api/retailers')).json()) as { id: string }[];
    expect(partners.map((partner) => partner.id)).not.toContain('nike-2');
    const storeList = (await (await server.fetch('/api/stores')).json()) as { id: string }[];
    expect(storeList.map((store) => store.id)).not.toContain('nike-2-downtown');
  });

  it('answers 404 before onboarding and validates with clear messages', async () => {
    const user = await createTestUser(server);
    const none = await server.fetch('/api/retailer/account', { headers: user.headers });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ message: RETAILER_MESSAGES.noAccount });

    const noStores = await post(
      '/api/retailer/account',
      user.headers,
      accountInput({ stores: [] }),
    );
    expect(noStores.status).toBe(400);
    expect(((await noStores.json()) as { message: string }).message).toBe(
      RETAILER_MESSAGES.storesRequired,
    );
    const farAway = await post(
      '/api/retailer/account',
      user.headers,
      accountInput({
        stores: [
          {
            name: 'NYC',
            line1: '1 Main St',
            city: 'El Paso',
            state: 'TX',
            zip: '79901',
            services: ['curbside'],
          },
        ],
      }),
    );
    expect(farAway.status).toBe(400);
    expect(((await farAway.json()) as { message: string }).message).toContain('79901');
    const badSite = await post(
      '/api/retailer/account',
      user.headers,
      accountInput({ website: 'acme' }),
    );
    expect(((await badSite.json()) as { message: string }).message).toBe(
      RETAILER_MESSAGES.websiteInvalid,
    );
    // Nothing was created by the failures.
    expect((await server.fetch('/api/retailer/account', { headers: user.headers })).status).toBe(
      404,
    );
    expect((await server.fetch('/api/retailer/account')).status).toBe(401);
  });

  it('sets the widget’s allowed domains, refusing malformed ones', async () => {
    const retailer = await onboardRetailer(server);
    const put = (domains: string[]) =>
      server.fetch('/api/retailer/account/allowed-domains', {
        method: 'PUT',
        headers: { ...retailer.owner.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ domains }),
      });
    const ok = await put(['Shop.Example.com', 'localhost:4000', '*.acme.test', 'localhost:4000']);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { allowedDomains: string[] }).allowedDomains).toEqual([
      'shop.example.com',
      'localhost:4000',
      '*.acme.test',
    ]);
    const bad = await put(['https://shop.example.com/path']);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      RETAILER_MESSAGES.domainInvalid,
    );
  });
});
