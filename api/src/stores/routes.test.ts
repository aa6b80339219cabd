import { storeListSchema } from 'shared-contracts/stores';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { rawRequest } from '../../test/raw-http.ts';

describeEachDatabase('store routes', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('GET /api/stores lists stores with retailer, address, location, hours and services', async () => {
    const response = await server.fetch('/api/stores');
    expect(response.status).toBe(200);
    const stores = storeListSchema.parse(await response.json());
    expect(stores.length).toBeGreaterThanOrEqual(13);
    expect(new Set(stores.map((store) => store.retailer.id)).size).toBe(13);
    const northpark = stores.find((store) => store.id === 'nordstrom-northpark');
    expect(northpark).toEqual({
      id: 'nordstrom-northpark',
      name: 'Nordstrom NorthPark Center',
      retailer: { id: 'nordstrom', name: 'Nordstrom' },
      addressLine: '8687 N Central Expy',
      city: 'Dallas',
      state: 'TX',
      zip: '75225',
      metroArea: 'Dallas–Fort Worth',
      location: { lat: 32.8683, lng: -96.7734 },
      hours: expect.arrayContaining([{ day: 'sunday', opens: '11:00', closes: '19:00' }]),
      services: ['curbside', 'home_delivery'],
    });
  });

  it('compresses the JSON when the client accepts it', async () => {
    const plain = await rawRequest(`${server.url}/api/stores`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const gzip = await rawRequest(`${server.url}/api/stores`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.length).toBeLessThan(plain.body.length);

    const brotli = await rawRequest(`${server.url}/api/stores`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('leaves small answers uncompressed', async () => {
    const health = await rawRequest(`${server.url}/api/health`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ ok: true, database: 'up' });
  });
});
