import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { DOMAIN_LAYERS } from '../domains.ts';

interface Operation {
  tags?: string[];
  summary?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
}

describe('the OpenAPI document of the retailer API', () => {
  let server: TestServer;
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    tags: { name: string }[];
    components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  };
  beforeAll(async () => {
    server = await startTestServer({ seed: false });
    doc = (await (await server.fetch('/api/openapi.json')).json()) as typeof doc;
  });
  afterAll(() => server?.close());

  it('documents every retailer endpoint with a tag, a summary and its authentication', () => {
    expect(doc.openapi).toBe('3.1.0');
    const retailerTags = new Set(
      DOMAIN_LAYERS.retailer.flatMap((domain) => domain.tags ?? []).map((tag) => tag.name),
    );
    for (const tag of retailerTags) expect(doc.tags.map((item) => item.name)).toContain(tag);
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    const retailer = operations.filter(({ operation }) =>
      operation.tags?.some((tag) => retailerTags.has(tag)),
    );
    expect(retailer.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'post /api/checkout/initialize',
        'post /api/v1/widget/quote',
        'post /api/v1/widget/checkout',
        'post /api/retailer/account',
        'get /api/retailer/webhook-endpoints/{id}/deliveries',
        'post /api/leases',
      ]),
    );
    for (const { path, method, operation } of retailer) {
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
      // Whatever takes a body documents how it refuses a bad one.
      if (operation.requestBody)
        expect(operation.responses, `${method} ${path}`).toHaveProperty('400');
    }
    const initialize = doc.paths['/api/checkout/initialize']?.post;
    expect(initialize?.security).toEqual([{ secretKey: [] }]);
    expect(Object.keys(initialize?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '422', '429']),
    );
    expect(doc.components.securitySchemes).toHaveProperty('secretKey');
    expect(doc.components.securitySchemes).toHaveProperty('publishableKey');
  });

  it('carries the checkout request schema with an example', () => {
    const schema = doc.components.schemas.CheckoutInitializeRequest as {
      required: string[];
      examples: unknown[];
    };
    expect(schema.required).toEqual(
      expect.arrayContaining(['retailer_id', 'order_items', 'customer_info']),
    );
    expect(schema.examples?.[0]).toMatchObject({ retailer_id: 'acme-outfitters' });
  });
});
