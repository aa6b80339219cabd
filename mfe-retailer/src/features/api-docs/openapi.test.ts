import type { OpenApiDocument } from 'shared-contracts/openapi';
import { describe, expect, it } from 'vitest';
import { exampleFor, operationsByTag, readOpenApiDocument, refName, typeLabel } from './openapi';

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

describe('readOpenApiDocument', () => {
  it('gives the document as it came', () => {
    const read = readOpenApiDocument(doc);
    expect(read).toBe(doc);
    expect(read.paths['/api/v1/deliveries/{id}']?.get?.summary).toBe('Retrieve');
  });

  it('refuses an answer the reference cannot read', () => {
    const refused = [
      '<html>',
      null,
      [],
      { openapi: '3.1.0' },
      { ...doc, info: { title: 't' } },
      { ...doc, paths: [] },
      { ...doc, paths: { '/x': 'get' } },
      { ...doc, paths: { '/x': { get: { tags: 'not-a-list', responses: {} } } } },
      { ...doc, paths: { '/x': { get: { summary: 'no responses' } } } },
      { ...doc, paths: { '/x': { post: { responses: { 200: 'ok' } } } } },
      { ...doc, paths: { '/x': { get: { responses: {}, parameters: {} } } } },
      { ...doc, paths: { '/x': { post: { responses: {}, requestBody: { content: null } } } } },
      { ...doc, tags: 'checkout' },
      { ...doc, components: { schemas: { Broken: 42 } } },
      { ...doc, components: [] },
    ];
    for (const answer of refused) {
      expect(() => readOpenApiDocument(answer), JSON.stringify(answer)).toThrow(
        'The answer is not an OpenAPI document.',
      );
    }
  });
});
