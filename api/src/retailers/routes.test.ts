import { RETAILER_CATEGORIES, retailerListSchema } from 'shared-contracts/retailers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';

describeEachDatabase('retailer routes', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('GET /api/retailers lists the 13 partner retailers in strip order', async () => {
    const response = await server.fetch('/api/retailers');
    expect(response.status).toBe(200);
    const retailers = retailerListSchema.parse(await response.json());
    expect(retailers).toHaveLength(13);
    expect(retailers.map((retailer) => retailer.name)).toEqual([
      "Macy's",
      'Nordstrom',
      "Dillard's",
      'JCPenney',
      "Kohl's",
      'H&M',
      'Zara',
      'Nike',
      'Adidas',
      'Under Armour',
      'Puma',
      'Foot Locker',
      'Sephora',
    ]);
    for (const retailer of retailers) {
      expect(retailer.image).toBe(`/api/retailers/${retailer.id}/logo.svg`);
      expect(retailer.url).toMatch(/^https:\/\//);
      for (const category of retailer.categories) expect(RETAILER_CATEGORIES).toContain(category);
    }
    // Every retailer category is carried by someone.
    expect(new Set(retailers.flatMap((retailer) => retailer.categories))).toEqual(
      new Set(RETAILER_CATEGORIES),
    );
  });

  it('serves every logo as a cacheable SVG wordmark', async () => {
    const retailers = retailerListSchema.parse(await (await server.fetch('/api/retailers')).json());
    for (const retailer of retailers) {
      const response = await server.fetch(retailer.image);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      const svg = await response.text();
      expect(svg).toMatch(/^<svg [^>]*width="240" height="80"/);
      expect(svg).toContain(retailer.brandColor);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
    const hm = await (await server.fetch('/api/retailers/hm/logo.svg')).text();
    expect(hm).toContain('<title id="title">H&amp;M</title>');
  });

  it('answers 404 JSON for an unknown retailer logo and 400 for a malformed id', async () => {
    const missing = await server.fetch('/api/retailers/acme/logo.svg');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Retailer not found' });

    const malformed = await server.fetch('/api/retailers/ACME%20Corp/logo.svg');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      message: 'Retailer id must be a lower-case slug',
    });
  });
});
