import { openApiDocumentSchema } from 'shared-contracts/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

interface OpenApiDocument {
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** The OpenAPI document's grouping: what /api-docs and other readers of it show as sections. */
describe('OpenAPI tags', () => {
  let server: TestServer;
  let document: OpenApiDocument;
  beforeAll(async () => {
    server = await startTestServer({ seed: false });
    const response = await server.fetch('/api/openapi.json');
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApiDocument;
  });
  afterAll(() => server?.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );

  // /api-docs reads the document with a light guard (mfe-retailer's openapi.ts); the
  // full check of the shape it renders is here, where the document is made.
  it('is a document of the shape the API reference renders', () => {
    const checked = openApiDocumentSchema.safeParse(document);
    expect(checked.error?.issues ?? []).toEqual([]);
  });

  it('puts every operation in exactly one group', () => {
    const untagged = operations()
      .filter(({ operation }) => operation.tags?.length !== 1)
      .map(({ name }) => name);
    expect(untagged).toEqual([]);
  });

  it('declares every group it uses, with a description, and no group without operations', () => {
    const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    const used = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].filter((tag) => !declared.has(tag)).sort()).toEqual([]);
    expect([...declared.keys()].filter((tag) => !used.has(tag)).sort()).toEqual([]);
    for (const [name, description] of declared) {
      expect(description?.trim().length ?? 0, name).toBeGreaterThan(10);
    }
    expect(declared.size).toBe(document.tags?.length);
  });

  it('has the customer domains among its groups', () => {
    const names = (document.tags ?? []).map((tag) => tag.name);
    for (const group of [
      'auth',
      'support',
      'curbside',
      'order-pickups',
      'quotes',
      'payments',
      'wallet',
      'subscriptions',
      'addresses',
      'checkout',
      'deliveries',
      'refunds',
      'users',
    ]) {
      expect(names).toContain(group);
    }
  });
});
