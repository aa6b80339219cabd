import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';

// Several API instances behind a load balancer (docs/deploy.md): with TRUST_PROXY the client's
// address comes from X-Forwarded-For, so per-IP limits apply per client, not per balancer.
const echoIp = (app: FastifyInstance) => {
  app.get('/test/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
};

describeEachDatabase('TRUST_PROXY', (kind) => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      startTestServer({ database: kind, configure: echoIp }),
      startTestServer({ database: kind, configure: echoIp, env: { TRUST_PROXY: '127.0.0.1' } }),
    ]);
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };

  it('ignores forwarding headers by default (anyone could send them)', async () => {
    const response = await direct.fetch('/test/ip', { headers: forwarded });
    expect(await response.json()).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });

  it('takes the client address from a trusted proxy', async () => {
    const response = await proxied.fetch('/test/ip', { headers: forwarded });
    expect(await response.json()).toEqual({ ip: '203.0.113.7', protocol: 'https' });
  });

  it('counts hops when TRUST_PROXY is a number', async () => {
    const server = await startTestServer({
      database: kind,
      configure: echoIp,
      env: { TRUST_PROXY: '1' },
    });
    try {
      const response = await server.fetch('/test/ip', {
        headers: { 'x-forwarded-for': '192.0.2.1, 203.0.113.9' },
      });
      // One trusted hop (the balancer at 127.0.0.1): the address it saw is the client.
      expect(((await response.json()) as { ip: string }).ip).toBe('203.0.113.9');
    } finally {
      await server.close();
    }
  });

  it('gives each client behind the proxy its own per-IP sign-in limit', async () => {
    const server = await startTestServer({
      database: kind,
      env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '2' },
    });
    try {
      const login = (ip: string) =>
        server.fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
        });
      expect((await login('198.51.100.1')).status).not.toBe(429);
      expect((await login('198.51.100.1')).status).not.toBe(429);
      expect((await login('198.51.100.1')).status).toBe(429);
      // Another client behind the same balancer is not held back by the first one.
      expect((await login('198.51.100.2')).status).not.toBe(429);
    } finally {
      await server.close();
    }
  });
});
