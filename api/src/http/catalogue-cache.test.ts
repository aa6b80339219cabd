import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { retailerListSchema } from 'shared-contracts/retailers';
import { storeListSchema } from 'shared-contracts/stores';
import { subscriptionPlanListSchema } from 'shared-contracts/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableDatabases,
  createTestDatabaseTarget,
  describeEachDatabase,
  startTestServer,
  type TestServer,
} from '../../test/harness.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { waitFor } from '../../test/wait-for.ts';
import { retailers } from '../retailers/schema.ts';
import { stores } from '../stores/schema.ts';
import { createCatalogueCache } from './catalogue-cache.ts';

const CATALOGUE = [
  { path: '/api/stores', schema: storeListSchema },
  { path: '/api/retailers', schema: retailerListSchema },
  { path: '/api/subscriptions/plans', schema: subscriptionPlanListSchema },
] as const;

const NEW_STORE = {
  id: 'macys-catalogue-cache-test',
  retailerId: 'macys',
  name: "Macy's Cache Test Plaza",
  addressLine: '1 Test Way',
  city: 'Dallas',
  state: 'TX',
  zip: '75201',
  metroArea: 'Dallas–Fort Worth' as const,
  lat: 32.78,
  lng: -96.8,
  hours: [{ day: 'monday' as const, opens: '10:00', closes: '20:00' }],
  services: ['curbside' as const],
};

async function storeIds(server: TestServer): Promise<{ ids: string[]; etag: string | null }> {
  const response = await server.fetch('/api/stores');
  expect(response.status).toBe(200);
  const list = storeListSchema.parse(await response.json());
  return { ids: list.map((store) => store.id), etag: response.headers.get('etag') };
}

describeEachDatabase('public catalogue cache', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  for (const { path, schema } of CATALOGUE) {
    it(`${path}: ETag, fresh for 5 minutes, 304 to a matching If-None-Match`, async () => {
      const first = await server.fetch(path);
      expect(first.status).toBe(200);
      const body = schema.parse(await first.json());
      expect(body.length).toBeGreaterThan(0);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=300');
      expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');

      const again = await server.fetch(path);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.json()).toEqual(body);

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const notModified = await rawRequest(`${server.url}${path}`, {
          headers: { 'if-none-match': ifNoneMatch ?? '' },
        });
        expect(notModified.status).toBe(304);
        expect(notModified.body.length).toBe(0);
        expect(notModified.headers.etag).toBe(etag);
        expect(notModified.headers['cache-control']).toBe('public, max-age=300');
      }

      const otherTag = await server.fetch(path, { headers: { 'if-none-match': '"stale"' } });
      expect(otherTag.status).toBe(200);
      expect(await otherTag.json()).toEqual(body);
    });
  }

  it('sends the stores brotli- or gzip-compressed when accepted, the same JSON', async () => {
    const plain = await rawRequest(`${server.url}/api/stores`);
    const br = await rawRequest(`${server.url}/api/stores`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    const gzip = await rawRequest(`${server.url}/api/stores`, {
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('shows a store an operator adds, and a changed retailer, on the next request', async () => {
    const before = await storeIds(server);
    expect(before.ids).not.toContain(NEW_STORE.id);

    // Written straight into the database, as an operator's SQL would: no API code is involved.
    await server.database.db.insert(stores).values(NEW_STORE);
    const added = await waitFor(
      async () => {
        const now = await storeIds(server);
        return now.ids.includes(NEW_STORE.id) ? now : undefined;
      },
      { what: 'the new store in GET /api/stores' },
    );
    expect(added.etag).not.toBe(before.etag);
    const revalidated = await server.fetch('/api/stores', {
      headers: { 'if-none-match': before.etag ?? '' },
    });
    expect(revalidated.status).toBe(200);

    await server.database.db
      .update(retailers)
      .set({ name: 'Macy’s (renamed)' })
      .where(eq(retailers.id, 'macys'));
    await waitFor(
      async () => {
        const list = retailerListSchema.parse(await (await server.fetch('/api/retailers')).json());
        return list.find((retailer) => retailer.id === 'macys')?.name === 'Macy’s (renamed)';
      },
      { what: 'the renamed retailer in GET /api/retailers' },
    );

    await server.database.db.delete(stores).where(eq(stores.id, NEW_STORE.id));
    await server.database.db
      .update(retailers)
      .set({ name: "Macy's" })
      .where(eq(retailers.id, 'macys'));
    await waitFor(async () => !(await storeIds(server)).ids.includes(NEW_STORE.id), {
      what: 'the removed store gone from GET /api/stores',
    });
  });
});

describe.runIf(availableDatabases().includes('postgres'))(
  'public catalogue cache across API processes [postgres]',
  () => {
    // Two servers on one database, each with its own connections and LISTEN, as two processes.
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      const target = await createTestDatabaseTarget('postgres');
      a = await startTestServer({ database: target });
      b = await startTestServer({ database: target, seed: false });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await a?.target.drop();
    });

    it('a change made through one process is served by the other at once', async () => {
      const beforeA = await storeIds(a);
      const beforeB = await storeIds(b);
      expect(beforeB.etag).toBe(beforeA.etag);

      await b.database.db.insert(stores).values(NEW_STORE);
      for (const server of [a, b]) {
        await waitFor(async () => (await storeIds(server)).ids.includes(NEW_STORE.id), {
          what: 'the new store on both processes',
        });
      }
      // A direct statement on a third connection reaches both too.
      const operator = await a.target.open();
      try {
        await operator.db.execute(sql`delete from stores where id = ${NEW_STORE.id}`);
      } finally {
        await operator.close();
      }
      for (const server of [a, b]) {
        await waitFor(async () => !(await storeIds(server)).ids.includes(NEW_STORE.id), {
          what: 'the deleted store gone on both processes',
        });
        expect((await storeIds(server)).etag).toBe(beforeA.etag);
      }
    });
  },
);

describe('catalogue cache', () => {
  it('does not keep what a load read before a change committed', async () => {
    const cache = createCatalogueCache();
    let version = 1;
    let changeDuringLoad = true;
    const app = Fastify();
    app.get('/catalogue', (request, reply) =>
      cache.send(request, reply, {
        key: 'catalogue',
        maxAgeSeconds: 300,
        load: async () => {
          const read = { version };
          if (changeDuringLoad) {
            // The change commits (and its NOTIFY arrives) while this read is on its way back.
            changeDuringLoad = false;
            version = 2;
            cache.clear();
          }
          return read;
        },
      }),
    );
    try {
      expect((await app.inject('/catalogue')).json()).toEqual({ version: 1 });
      expect((await app.inject('/catalogue')).json()).toEqual({ version: 2 });
    } finally {
      await app.close();
    }
  });
});
