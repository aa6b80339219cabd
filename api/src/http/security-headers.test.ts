import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { AFTER_PAINT_SCRIPT_SOURCE } from '../ssr/after-paint-script.ts';
import { SIGN_IN_FIRST_SCRIPT_SOURCE } from '../ssr/sign-in-first-script.ts';
import {
  allowedShellOrigin,
  contentSecurityPolicy,
  cspSourceOfTemplate,
  HSTS_POLICY,
  REFERRER_POLICY,
  remoteOrigins,
  securityHeaders,
} from './security-headers.ts';

/** `script-src 'self' x` → { 'script-src': ["'self'", 'x'] } */
function parsePolicy(header: string | string[] | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string).split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows scripts from this origin and the remote origins only, never eval or inline', () => {
    const policy = parsePolicy(
      contentSecurityPolicy({ remotes: ['https://cdn.example', 'http://localhost:3004'] }),
    );
    expect(policy['script-src']).toEqual([
      "'self'",
      'https://cdn.example',
      'http://localhost:3004',
    ]);
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://cdn.example',
      'http://localhost:3004',
    ]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    const everything = Object.values(policy).flat();
    expect(everything).not.toContain("'unsafe-eval'");
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });

  it('lets named sites frame a page when asked', () => {
    const policy = parsePolicy(
      contentSecurityPolicy({ remotes: [], frameAncestors: ['https://shop.example'] }),
    );
    expect(policy['frame-ancestors']).toEqual(['https://shop.example']);
    expect(policy['script-src']).toEqual(["'self'"]);
  });

  it('allows an inline script by its hash, in script-src only', () => {
    const hash = "'sha256-AAAA'";
    const policy = parsePolicy(contentSecurityPolicy({ remotes: [], inlineScripts: [hash] }));
    expect(policy['script-src']).toEqual(["'self'", hash]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(Object.entries(policy).filter(([, values]) => values.includes(hash))).toHaveLength(1);
  });
});

describe('cspSourceOfTemplate', () => {
  it('turns a map tile template into an image source, wildcarding a placeholder subdomain', () => {
    expect(cspSourceOfTemplate('https://tiles.example/osm/{z}/{x}/{y}.png')).toBe(
      'https://tiles.example',
    );
    expect(cspSourceOfTemplate('https://{s}.tile.example:8443/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example:8443',
    );
    // Not expressible in CSP, or not a URL: nothing is added.
    expect(cspSourceOfTemplate('https://tiles-{s}.example/{z}/{x}/{y}.png')).toBeUndefined();
    expect(cspSourceOfTemplate(undefined)).toBeUndefined();
    expect(cspSourceOfTemplate('tiles/{z}/{x}/{y}.png')).toBeUndefined();
  });

  it('lands in img-src only', () => {
    const policy = parsePolicy(
      contentSecurityPolicy({ remotes: [], imageSources: ['https://*.tile.example'] }),
    );
    expect(policy['img-src']).toEqual(["'self'", 'https://*.tile.example', 'data:', 'blob:']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
  });
});

describe('remoteOrigins', () => {
  it('reduces remote base URLs to distinct origins, ignoring remotes served here', () => {
    expect(
      remoteOrigins({
        marketing: 'https://cdn.example/marketing/v42/',
        customer: 'https://cdn.example/customer',
        curbside: undefined,
        retailer: 'http://localhost:3004',
      }),
    ).toEqual(['http://localhost:3004', 'https://cdn.example']);
  });
});

describe('allowedShellOrigin', () => {
  it('matches whole origins exactly', () => {
    const shells = ['https://curbrun.example', 'http://127.0.0.1:8080'];
    expect(allowedShellOrigin('https://curbrun.example', shells)).toBe('https://curbrun.example');
    expect(allowedShellOrigin('https://curbrun.example.evil', shells)).toBeUndefined();
    expect(allowedShellOrigin('http://curbrun.example', shells)).toBeUndefined();
    expect(allowedShellOrigin(undefined, shells)).toBeUndefined();
  });
});

describe('a framable page', () => {
  it('gets the ancestors its resolver returns; other pages stay unframable', async () => {
    const app = Fastify();
    await app.register(securityHeaders, {
      remoteUrls: {
        marketing: undefined,
        customer: undefined,
        curbside: undefined,
        retailer: undefined,
      },
      shellOrigins: ['http://localhost:8080'],
      framablePages: [{ path: '/checkout', ancestors: () => ['https://shop.example'] }],
    });
    app.get('/*', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
    const framed = await app.inject({ url: '/checkout?session=abc' });
    expect(parsePolicy(framed.headers['content-security-policy'])['frame-ancestors']).toEqual([
      'https://shop.example',
    ]);
    expect(framed.headers['x-frame-options']).toBeUndefined();
    const other = await app.inject({ url: '/checkout/elsewhere' });
    expect(parsePolicy(other.headers['content-security-policy'])['frame-ancestors']).toEqual([
      "'none'",
    ]);
    expect(other.headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});

const SHELL_INDEX = '<!doctype html><html><head><title>Curbside shell</title></head></html>';

describeEachDatabase('security headers on the served site', (kind) => {
  let staticRoot: string;
  let server: TestServer;
  const SHELL = 'https://curbrun.example';

  beforeAll(async () => {
    staticRoot = await mkdtemp(path.join(os.tmpdir(), 'api-security-headers-'));
    for (const [name, content] of Object.entries({
      'shell/dist/index.html': SHELL_INDEX,
      'shell/dist/main.0123456789.js': 'console.log(1)',
      'mfe-marketing/dist/mf-manifest.json': '{"id":"marketing"}',
      'mfe-marketing/dist/remoteEntry.abcdef0123.js': 'globalThis.marketing = {}',
    })) {
      const file = path.join(staticRoot, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
    server = await startTestServer({
      database: kind,
      staticRoot,
      env: {
        // Served as deployed: a public https URL needs production (the dev endpoints off).
        NODE_ENV: 'production',
        PUBLIC_URL: SHELL,
        SHELL_ORIGINS: 'https://staging.curbrun.example',
        REMOTE_CUSTOMER_URL: 'https://customer.cdn.example/releases/7/',
        REMOTE_RETAILER_URL: 'http://localhost:3004',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(staticRoot, { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    rawRequest(`${server.url}${pathname}`, { headers });

  it.each(['/', '/curbside-pickup', '/checkout'])(
    'sends the page %s with the CSP naming exactly the remote origins',
    async (pathname) => {
      const response = await get(pathname, { accept: 'text/html' });
      expect(response.status).toBe(200);
      // The shell's page, carrying the remotes configuration inline: data, never run.
      const html = response.text();
      const inline = /<script type="application\/json" id="remotes-config">(.*?)<\/script>/.exec(
        html,
      );
      expect(JSON.parse(inline?.[1] ?? 'null')).toMatchObject({
        customer: 'https://customer.cdn.example/releases/7/mf-manifest.json',
        retailer: 'http://localhost:3004/mf-manifest.json',
      });
      expect(html.replace(inline?.[0] ?? '', '')).toBe(SHELL_INDEX);
      const policy = parsePolicy(response.headers['content-security-policy']);
      expect(policy['script-src']).toEqual([
        "'self'",
        'http://localhost:3004',
        'https://customer.cdn.example',
        // The rendered pages' two inline scripts, by their hashes.
        AFTER_PAINT_SCRIPT_SOURCE,
        SIGN_IN_FIRST_SCRIPT_SOURCE,
      ]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe(REFERRER_POLICY);
    },
  );

  it('sends nosniff and the referrer policy on API answers, without a page CSP', async () => {
    const response = await get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe(REFERRER_POLICY);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('tells browsers to use https only, since PUBLIC_URL is https (HSTS)', async () => {
    for (const pathname of [
      '/',
      '/api/health',
      '/api/nowhere',
      '/remotes/marketing/mf-manifest.json',
    ]) {
      const response = await get(pathname, { accept: 'text/html' });
      expect(response.headers['strict-transport-security'], pathname).toBe(HSTS_POLICY);
    }
    expect(HSTS_POLICY).toBe('max-age=31536000');
  });

  it('allows remote assets cross-origin for exactly the shell origins', async () => {
    for (const origin of [SHELL, 'https://staging.curbrun.example']) {
      const manifest = await get('/remotes/marketing/mf-manifest.json', { origin });
      expect(manifest.status).toBe(200);
      expect(manifest.headers['access-control-allow-origin']).toBe(origin);
      expect(manifest.headers.vary).toMatch(/origin/i);
    }
    for (const origin of ['https://evil.example', 'https://curbrun.example.evil', 'null']) {
      const refused = await get('/remotes/marketing/remoteEntry.abcdef0123.js', { origin });
      expect(refused.status).toBe(200);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      expect(refused.headers.vary).toMatch(/origin/i);
    }
    // Same-origin and script-tag loads send no Origin and need no CORS answer.
    const plain = await get('/remotes/marketing/mf-manifest.json');
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describeEachDatabase('security headers on a plain-http site', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // The default PUBLIC_URL, http://localhost:<port>, as `npm start` serves it.
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('sends no Strict-Transport-Security (it would lock browsers out of localhost)', async () => {
    expect(server.config.publicUrl).toMatch(/^http:\/\/localhost:/);
    for (const pathname of ['/', '/api/health', '/api/nowhere']) {
      const response = await rawRequest(`${server.url}${pathname}`, {
        headers: { accept: 'text/html' },
      });
      expect(response.headers['x-content-type-options'], pathname).toBe('nosniff');
      expect(response.headers['strict-transport-security'], pathname).toBeUndefined();
    }
  });
});
