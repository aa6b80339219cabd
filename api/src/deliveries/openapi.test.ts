import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';

describe('OpenAPI document of the deliveries calls', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: false });
  });
  afterAll(() => server?.close());

  it('documents the deliveries, the doordash aliases and that GET /api/users is the caller alone', async () => {
    const response = await server.fetch('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { description?: string; summary?: string }>>;
    };
    for (const path of [
      '/api/deliveries',
      '/api/deliveries/order/{orderId}',
      '/api/doordash/deliveries',
      '/api/doordash/deliveries/order/{orderId}',
      '/api/deliveries/{id}',
      '/api/deliveries/{id}/events',
      '/api/pickup-history',
      '/api/refund-requests',
      '/api/users/me/notification-preferences',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(document.paths['/api/users']?.get?.description).toContain('never lists other users');
  });
});
