import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { loadConfig } from '../config.ts';
import { allowedHostnames, HOST_MESSAGES } from './allowed-hosts.ts';

/**
 * DNS rebinding: a page on attacker.example whose name now points at 127.0.0.1
 * sends `Host: attacker.example:<port>`; the server must not answer it, development outbox first.
 */
describeEachDatabase('the server answers only for its configured host names', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      env: { ALLOWED_HOSTS: 'shop-preview.example, [fd00::5]' },
    });
  });
  afterAll(() => server?.close());

  const get = (path: string, host: string) =>
    rawRequest(`${server.url}${path}`, { headers: { host } });
  const port = () => new URL(server.url).port;

  it('refuses a rebound name with 421 and a clear message, on the dev outbox and everywhere else', async () => {
    for (const path of ['/api/dev/outbox', '/api/health', '/', '/api/auth/me']) {
      const host = `attacker.example:${port()}`;
      const response = await get(path, host);
      expect(response.status, path).toBe(421);
      expect(response.json()).toEqual({ message: HOST_MESSAGES.notAllowed(host) });
    }
    for (const host of ['127.0.0.1.attacker.example', 'localhost.', 'LOCALHOST']) {
      const response = await get('/api/health', host);
      expect(response.status, host).toBe(host === 'localhost.' || host === 'LOCALHOST' ? 200 : 421);
    }
  });

  it('answers for the loopback names, PUBLIC_URL’s host and ALLOWED_HOSTS', async () => {
    for (const host of [
      `localhost:${port()}`,
      `127.0.0.1:${port()}`,
      `[::1]:${port()}`,
      'shop-preview.example',
      '[fd00::5]:8080',
    ]) {
      const response = await get('/api/dev/outbox', host);
      expect(response.status, host).toBe(200);
    }
  });
});

describe('ALLOWED_HOSTS', () => {
  it('adds names to PUBLIC_URL’s host; loopback names only when listening on loopback', () => {
    const deployed = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://curbrun.example',
      ALLOWED_HOSTS: 'api.curbrun.example,10.0.0.5',
    });
    expect([...allowedHostnames(deployed)].sort()).toEqual([
      '10.0.0.5',
      'api.curbrun.example',
      'curbrun.example',
    ]);
    expect([...allowedHostnames(loadConfig({}))].sort()).toEqual(['127.0.0.1', '::1', 'localhost']);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://curbrun.example' })).toThrow(
      'ALLOWED_HOSTS must be a comma-separated list of host names or addresses',
    );
  });
});
