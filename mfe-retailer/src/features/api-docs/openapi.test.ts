import { type OpenApiDocument, openApiDocumentSchema } from 'shared-contracts/openapi';
import { describe, expect, it } from 'vitest';
import { exampleFor, operationsByTag, parseOpenApiDocument, refName, typeLabel } from './openapi';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/api/v1/deliveries/{id}': {
      get: { tags: ['deliveries-api'], summary: 'Retrieve', responses: { 200: {} } },
      post: { tags: ['other'], responses: {} },
    },
  },
  components: {
    schemas: {
      ItemInput: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          quantity: { type: 'integer', minimum: 1 },
          kind: { type: 'string', enum: ['a', 'b'] },
          at: { type: 'string', format: 'date-time' },
        },
      },
      Cart: {
        type: 'object',
        properties: { items: { type: 'array', items: { $ref: '#/components/schemas/ItemInput' } } },
      },
      WithExample: { type: 'object', examples: [{ hello: 'world' }] },
    },
  },
};

it('names references without the provider’s Input suffix and labels types', () => {
  expect(refName('#/components/schemas/ItemInput')).toBe('Item');
  expect(typeLabel(doc, { type: 'array', items: { $ref: '#/components/schemas/ItemInput' } })).toBe(
    'Item[]',
  );
  expect(typeLabel(doc, { enum: ['x', 'y'] })).toBe('"x" | "y"');
  expect(typeLabel(doc, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
});

it('makes examples from the schema, preferring its own example', () => {
  expect(exampleFor(doc, { $ref: '#/components/schemas/Cart' })).toEqual({
    items: [{ name: 'string', quantity: 1, kind: 'a', at: '2026-11-21T15:30:00.000Z' }],
  });
  expect(exampleFor(doc, { $ref: '#/components/schemas/WithExample' })).toEqual({ hello: 'world' });
});

it('groups operations by tag', () => {
  expect(
    operationsByTag(doc, 'deliveries-api').map((item) => `${item.method} ${item.path}`),
  ).toEqual(['get /api/v1/deliveries/{id}']);
});

describe('parseOpenApiDocument', () => {
  it('gives what the shared schema gives, checked in slices', async () => {
    const parsed = await parseOpenApiDocument(doc);
    expect(parsed).toEqual(openApiDocumentSchema.parse(doc));
    expect(parsed.paths['/api/v1/deliveries/{id}']?.get?.summary).toBe('Retrieve');
    expect(parsed.components?.schemas?.Cart?.type).toBe('object');
  });

  it('refuses a document whose path item or component schema is not one, like the schema does', async () => {
    const badPath = { ...doc, paths: { '/x': { get: { tags: 'not-a-list' } } } };
    await expect(parseOpenApiDocument(badPath)).rejects.toThrow();
    expect(() => openApiDocumentSchema.parse(badPath)).toThrow();
    const badSchema = { ...doc, components: { schemas: { Broken: { type: 42 } } } };
    await expect(parseOpenApiDocument(badSchema)).rejects.toThrow();
    expect(() => openApiDocumentSchema.parse(badSchema)).toThrow();
    await expect(parseOpenApiDocument({ openapi: '3.1.0' })).rejects.toThrow();
    await expect(parseOpenApiDocument('<html>')).rejects.toThrow();
  });
});
