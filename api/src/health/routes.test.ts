import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';

describeEachDatabase('platform routes', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('GET /api/health answers { ok: true, database: "up" }', async () => {
    const response = await server.fetch('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ ok: true, database: 'up' });
  });

  it('sends X-Content-Type-Options: nosniff on every answer', async () => {
    for (const pathname of ['/api/health', '/api/nope', '/remotes.json', '/api/openapi.json']) {
      const response = await server.fetch(pathname);
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
    }
  });

  it('publishes an OpenAPI 3.1 document with the routes and their schemas', async () => {
    const response = await server.fetch('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/retailers',
        '/api/retailers/{id}/logo.svg',
        '/api/stores',
        '/api/dev/outbox',
        '/remotes.json',
      ]),
    );
    expect(document.paths['/api/openapi.json']).toBeUndefined();
    expect(document.paths['/api/stores']?.get?.responses?.['200']).toBeDefined();
    expect(Object.keys(document.components.schemas).join(' ')).toContain('Store');
  });
});
