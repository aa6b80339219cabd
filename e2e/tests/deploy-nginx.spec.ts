import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { expect, test } from '../fixtures/test';
import { findOrInstallNginx, type RunningNginx, startNginx } from '../support/nginx';
import { REPO_ROOT } from '../support/remote-build';

// docs/deploy/nginx.conf.template, run as it is against the built site, in front of the
// suite's API server: cache headers, precompressed files, security headers, CORS on remote
// assets, the history fallback, the API and its event streams proxied, and the site working.

const SHELL_ORIGIN = 'https://shell.example';
const nginxBinary = findOrInstallNginx();
let nginx: RunningNginx;

test.describe.configure({ mode: 'serial' });
test.skip('missing' in nginxBinary, 'missing' in nginxBinary ? nginxBinary.missing : '');

test.beforeAll(async () => {
  if (!('binary' in nginxBinary)) return;
  const api = new URL(test.info().project.use.baseURL ?? 'http://localhost:8181');
  nginx = await startNginx(nginxBinary.binary, {
    CURBRUN_SERVER_NAME: 'localhost',
    CURBRUN_ROOT: ROOT,
    CURBRUN_API: `127.0.0.1:${api.port}`,
    CURBRUN_SHELL_ORIGIN: SHELL_ORIGIN,
    CURBRUN_REMOTE_ORIGINS: '',
    CURBRUN_IMAGE_ORIGINS: '',
  });
});

test.afterAll(async () => {
  await nginx?.stop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${nginx.url}${path}`, { headers, redirect: 'manual' });
}

const ROOT = process.env.DIST_ROOT ?? REPO_ROOT;

/** The bytes as sent, not decoded (fetch would gunzip them). */
function rawBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function firstScript(): Promise<string> {
  const html = await (await get('/')).text();
  const match = /<script defer src="(\/[^"]+\.js)"/.exec(html);
  expect(match, 'the shell index.html loads its main bundle').not.toBeNull();
  return match?.[1] ?? '';
}

async function remoteEntry(remote: string): Promise<string> {
  const manifest = (await (await get(`/remotes/${remote}/mf-manifest.json`)).json()) as {
    metaData: { remoteEntry: { name: string } };
  };
  return `/remotes/${remote}/${manifest.metaData.remoteEntry.name}`;
}

test('pages: the shell with no-cache and the security headers, client routes included', async () => {
  for (const path of ['/', '/about-us', '/delivery-tracking/4f1c2a', '/help-center/']) {
    const response = await get(path, { accept: 'text/html' });
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control'), path).toBe('no-cache');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toContain('<div id="root">');
  }
  // A missing file is a 404, never the shell.
  expect((await get('/main.ffffffffff.js', { accept: 'text/html' })).status).toBe(404);
  expect((await get('/remotes/marketing/missing.0123456789.js')).status).toBe(404);
  expect((await get('/remotes/marketing/')).status).toBe(404);
  expect((await get('/remotes/nope/mf-manifest.json')).status).toBe(404);
});

test('hashed files are immutable and sent precompressed; manifests are revalidated', async () => {
  const main = await firstScript();
  const entry = await remoteEntry('marketing');
  for (const [url, file] of [
    [main, path.join(ROOT, 'shell', 'dist', main)],
    [entry, path.join(ROOT, 'mfe-marketing', 'dist', path.basename(entry))],
  ] as const) {
    const response = await get(url, { 'accept-encoding': 'gzip' });
    expect(response.status, url).toBe(200);
    expect(response.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding'), url).toBe('gzip');
    expect(response.headers.get('content-type'), url).toMatch(/javascript/);
    // The build's own .gz copy, byte for byte: nothing is compressed per request.
    const sent = await rawBody(`${nginx.url}${url}`, { 'accept-encoding': 'gzip' });
    expect(sent.equals(await readFile(`${file}.gz`)), url).toBe(true);
  }
  const manifest = await get('/remotes/marketing/mf-manifest.json');
  expect(manifest.headers.get('cache-control')).toBe('no-cache');
  expect(manifest.headers.get('content-type')).toMatch(/^application\/json/);
  // Proxied: the API's own answer and headers, not the static rules.
  const remotes = await get('/remotes.json');
  expect(remotes.headers.get('cache-control')).toBe('no-cache');
  expect(await remotes.json()).toMatchObject({ marketing: '/remotes/marketing/mf-manifest.json' });
});

test('remote assets answer cross-origin requests from the shell origin only', async () => {
  const entry = await remoteEntry('customer');
  const allowed = await get(entry, { origin: SHELL_ORIGIN });
  expect(allowed.headers.get('access-control-allow-origin')).toBe(SHELL_ORIGIN);
  expect(allowed.headers.get('vary')).toMatch(/Origin/);
  const other = await get(entry, { origin: 'https://evil.example' });
  expect(other.status).toBe(200);
  expect(other.headers.get('access-control-allow-origin')).toBeNull();
  // Pages and the API are not opened up by this rule.
  const page = await get('/', { origin: SHELL_ORIGIN });
  expect(page.headers.get('access-control-allow-origin')).toBeNull();
});

test('the API is proxied, and an event stream starts at once (not buffered)', async () => {
  const health = await get('/api/health');
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ ok: true, database: 'up' });
  // Headers come from the API, once, not doubled by the static rules.
  expect(health.headers.get('x-content-type-options')).toBe('nosniff');
  expect(health.headers.get('content-security-policy')).toBeNull();

  const controller = new AbortController();
  const started = Date.now();
  const stream = await fetch(`${nginx.url}/api/demo/dashboard/events`, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = stream.body?.getReader();
  const first = await reader?.read();
  expect(new TextDecoder().decode(first?.value)).toContain(': connected');
  expect(Date.now() - started).toBeLessThan(5000);
  controller.abort();
});

test('the composed site works through nginx', async ({ page }) => {
  await page.goto(`${nginx.url}/about-us`);
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Retailer API' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto(`${nginx.url}/store-selection`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a Store' })).toBeVisible();
  await expect(page.getByText('This section is unavailable right now')).toHaveCount(0);
});
