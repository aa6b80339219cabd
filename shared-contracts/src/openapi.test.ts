import { describe, expect, it } from 'vitest';
import { openApiDocumentSchema } from './openapi.ts';

const doc = {
  openapi: '3.1.0',
  info: { title: 'API', version: '1.0.0' },
  paths: {
    '/api/leases': {
      summary: 'Leases',
      post: {
        tags: ['leasing'],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { items: { type: 'array', items: { $ref: '#/components/schemas/X' } } },
                additionalProperties: false,
              },
            },
          },
        },
        responses: { 201: { description: 'Created' } },
      },
    },
  },
  components: {
    securitySchemes: { secretKey: { type: 'http', scheme: 'bearer', bearerFormat: 'sk_test_…' } },
  },
};

describe('openApiDocumentSchema', () => {
  it('reads a document and keeps the keywords the reference page does not render', () => {
    const parsed = openApiDocumentSchema.parse(doc);
    expect(parsed).toEqual(doc);
    expect(parsed.paths['/api/leases']?.post?.tags).toEqual(['leasing']);
  });

  it('refuses what the page cannot render: no paths, an operation without responses', () => {
    const { paths: _paths, ...withoutPaths } = doc;
    expect(openApiDocumentSchema.safeParse(withoutPaths).success).toBe(false);
    expect(
      openApiDocumentSchema.safeParse({
        ...doc,
        paths: { '/x': { get: { summary: 'no responses' } } },
      }).success,
    ).toBe(false);
    expect(
      openApiDocumentSchema.safeParse({
        ...doc,
        paths: { '/x': { get: { responses: {}, parameters: [{ name: 'id', in: 'body' }] } } },
      }).success,
    ).toBe(false);
  });
});
