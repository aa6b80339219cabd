import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser } from '../../test/users.ts';
import { REPO_ROOT } from '../config.ts';
import { accountInput, apiPost, onboardRetailer } from '../retailer-accounts/test-helpers.ts';

/**
 * A URL parser accepts control characters in a path, query or fragment (it percent-encodes them in
 * its own copy), but the server stores what the client sent: a NUL there used to reach the
 * database as a 500. Every URL field answers 400 naming the field, and nothing is stored.
 */
const CONTROL_URLS = [
  'https://hooks.example.com/\u0000',
  'https://hooks.example.com/?q=\u0000',
  'https://hooks.example.com/#\u0000',
  'https://hooks.example.com/a\u0001b',
  'https://hooks.example.com/\u001b[31m',
  'https://hooks.example.com/a\nb',
  'https://hooks.example.com/a\tb',
  'https://hooks.example.com/\u007f',
  'https://hooks.example.com/\u0085',
  '\u0000https://hooks.example.com/',
  'https://hooks.example.com/\r\nX-Injected: 1',
];

const message = async (response: Response) =>
  ((await response.json()) as { message: string }).message;

describeEachDatabase('control characters in URL fields', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  const send = (method: string, path: string, headers: Record<string, string>, body: unknown) =>
    server.fetch(path, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses them in a webhook endpoint, created or changed, with 400 and stores nothing', async () => {
    const retailer = await onboardRetailer(server);
    const headers = retailer.owner.headers;
    const created = await apiPost(server, '/api/retailer/webhook-endpoints', headers, {
      url: 'https://hooks.example.com/curbrun',
      mode: 'test',
      events: ['delivery.delivered'],
    });
    expect(created.status).toBe(201);
    const { endpoint } = (await created.json()) as { endpoint: { id: string } };

    for (const url of CONTROL_URLS) {
      const create = await apiPost(server, '/api/retailer/webhook-endpoints', headers, {
        url,
        mode: 'test',
        events: ['delivery.delivered'],
      });
      expect(create.status, JSON.stringify(url)).toBe(400);
      expect(await message(create)).toBe(
        'Endpoint URL must not contain control characters such as line breaks',
      );
      const change = await send(
        'PATCH',
        `/api/retailer/webhook-endpoints/${endpoint.id}`,
        headers,
        {
          url,
        },
      );
      expect(change.status, JSON.stringify(url)).toBe(400);
      expect(await message(change)).toBe(
        'Endpoint URL must not contain control characters such as line breaks',
      );
    }

    const list = await server.fetch('/api/retailer/webhook-endpoints', { headers });
    expect(((await list.json()) as { url: string }[]).map((item) => item.url)).toEqual([
      'https://hooks.example.com/curbrun',
    ]);
  });

  it("refuses them in a retailer account's website with 400 and creates no account", async () => {
    const user = await createTestUser(server);
    for (const website of CONTROL_URLS) {
      const response = await apiPost(
        server,
        '/api/retailer/account',
        user.headers,
        accountInput({ website }),
      );
      expect(response.status, JSON.stringify(website)).toBe(400);
      expect(await message(response)).toBe(
        'Website must not contain control characters such as line breaks',
      );
    }
    expect((await server.fetch('/api/retailer/account', { headers: user.headers })).status).toBe(
      404,
    );
  });

  it('answers no 5xx to control characters in any path or query parameter of any route', async () => {
    const document = (await (await server.fetch('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const retailer = await onboardRetailer(server);
    const failures: string[] = [];
    let sent = 0;
    // Signing out would turn every later request into a 401 that proves nothing.
    const endsTheSession = /\/logout$|\/sign-out-others$/;
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        if (endsTheSession.test(template)) continue;
        for (const value of ['%00', '%0A', '%C2%85']) {
          const query = (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => `${parameter.name}=${value}`)
            .concat(`q=${value}`);
          const url = `${template.replace(/\{[^}]+\}/g, value)}?${query.join('&')}`;
          for (const headers of [retailer.owner.headers, retailer.testHeaders]) {
            const body = method === 'get' || method === 'delete' ? undefined : '{}';
            const response = await server.fetch(url, {
              method: method.toUpperCase(),
              headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
              body,
            });
            sent += 1;
            if (response.status >= 500) failures.push(`${response.status} ${method} ${url}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    // Still signed in at the end: the requests above were judged as the owner's.
    expect((await server.fetch('/api/auth/me', { headers: retailer.owner.headers })).status).toBe(
      200,
    );
  }, 120_000);
});

describe('URL schemas', () => {
  // `safeUrl` (shared-contracts/src/url.ts) is the one way to accept a URL; a bare `z.url()`
  // would let control characters through again.
  const PACKAGES = ['api', 'shell', 'shared-auth', 'shared-client', 'shared-contracts', 'shared-ui']
    .concat(['mfe-marketing', 'mfe-customer', 'mfe-curbside', 'mfe-retailer'])
    .map((name) => path.join(REPO_ROOT, name, 'src'));
  const SAFE_URL_FILE = path.join(REPO_ROOT, 'shared-contracts/src/url.ts');
  const BARE_URL = /\bz\s*\.\s*(?:url|httpUrl)\s*\(|\)\s*\.\s*url\s*\(/;

  it('are all built with safeUrl, never a bare z.url()', () => {
    const offenders: string[] = [];
    for (const root of PACKAGES) {
      for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(?:ts|tsx)$/.test(file) || file.includes('node_modules')) continue;
        const full = path.join(root, file);
        // The helper itself, and this file, which names what it looks for.
        if (full === SAFE_URL_FILE || full === fileURLToPath(import.meta.url)) continue;
        if (BARE_URL.test(readFileSync(full, 'utf8')))
          offenders.push(path.relative(REPO_ROOT, full));
      }
    }
    expect(offenders).toEqual([]);
    expect(readFileSync(path.join(REPO_ROOT, 'shared-contracts/src/url.ts'), 'utf8')).toMatch(
      BARE_URL,
    );
  });
});
