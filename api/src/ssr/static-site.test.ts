import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { cacheControlFor, IMMUTABLE_CACHE } from './static-site.ts';

const SHELL_INDEX = '<!doctype html><html><head><title>Curbside shell</title></head></html>';
const SHELL_MAIN = `console.log(${JSON.stringify('shell main bundle '.repeat(200))});`;
const MANIFEST = JSON.stringify({
  id: 'marketing',
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.abcdef0123.js', path: '' } },
  exposes: [{ path: './routes', assets: { js: { sync: ['routes.0123456789.js'], async: [] } } }],
});
// What the shell's build writes beside index.html (shared-build, route-owners-plugin.ts).
const ROUTE_OWNERS = JSON.stringify({
  owners: { marketing: ['/', '/help-center'], curbside: ['/curbside-pickup'] },
  shellPaths: ['/auth'],
});
const REMOTES_CONFIG_BLOCK = /<script type="application\/json" id="remotes-config">(.*?)<\/script>/;

/** The shell's index.html as the server sends it: the template with the head additions. */
function expectShellPage(html: string) {
  expect(html.startsWith('<!doctype html><html><head><title>Curbside shell</title>')).toBe(true);
  expect(html.endsWith('</head></html>')).toBe(true);
  expect(JSON.parse(REMOTES_CONFIG_BLOCK.exec(html)?.[1] ?? 'null')).toMatchObject({
    marketing: '/remotes/marketing/mf-manifest.json',
  });
}
const REMOTE_ENTRY = `globalThis.marketing = ${JSON.stringify('remote entry '.repeat(200))};`;

async function writeFiles(root: string, files: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

describe('cacheControlFor', () => {
  it('marks content-hashed files immutable and everything else for revalidation', () => {
    expect(cacheControlFor('/x/main.34484ae911.js')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlFor('/x/133.5a511b1203.js.br')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlFor('/x/assets/logo.0123456789.svg')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/index.html.gz')).toBe('no-cache');
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    // Nine hex digits is not our hash; neither is a name that merely contains hex letters.
    expect(cacheControlFor('/x/main.34484ae91.js')).toBe('no-cache');
    expect(cacheControlFor('/x/facade.js')).toBe('no-cache');
  });
});

describeEachDatabase('production static serving', (kind) => {
  let staticRoot: string;
  let server: TestServer;

  beforeAll(async () => {
    staticRoot = await mkdtemp(path.join(os.tmpdir(), 'api-static-site-'));
    await writeFiles(staticRoot, {
      'shell/dist/index.html': SHELL_INDEX,
      'shell/dist/main.34484ae911.js': SHELL_MAIN,
      'shell/dist/main.34484ae911.js.br': brotliCompressSync(SHELL_MAIN),
      'shell/dist/main.34484ae911.js.gz': gzipSync(SHELL_MAIN),
      'shell/dist/route-owners.json': ROUTE_OWNERS,
      'shell/dist/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      // A real folder whose name is also a client-side route.
      'shell/dist/help-center/readme.txt': 'not a page',
      'mfe-marketing/dist/mf-manifest.json': MANIFEST,
      'mfe-marketing/dist/remoteEntry.abcdef0123.js': REMOTE_ENTRY,
      'mfe-marketing/dist/remoteEntry.abcdef0123.js.gz': gzipSync(REMOTE_ENTRY),
      // mfe-customer is deliberately not built.
    });
    server = await startTestServer({ database: kind, staticRoot });
  });
  afterAll(async () => {
    await server?.close();
    await rm(staticRoot, { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    rawRequest(`${server.url}${pathname}`, { headers });

  it('serves the shell at / with no-cache', async () => {
    const response = await get('/', { accept: 'text/html' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expectShellPage(response.text());
  });

  it('inlines the remotes configuration and preloads the owning remote', async () => {
    const home = (await get('/', { accept: 'text/html' })).text();
    expect(JSON.parse(REMOTES_CONFIG_BLOCK.exec(home)?.[1] ?? 'null')).toEqual(
      (await get('/remotes.json')).json(),
    );
    for (const hint of [
      '<link rel="preload" as="script" href="/remotes/marketing/remoteEntry.abcdef0123.js" fetchpriority="low">',
      '<link rel="preload" as="script" href="/remotes/marketing/routes.0123456789.js" fetchpriority="low">',
    ]) {
      expect(home).toContain(hint);
    }
    // The entry the manifest names travels with the page, so the manifest itself is not hinted.
    expect(home).toContain(
      '<script type="application/json" id="server-remote-entries">{"/remotes/marketing/mf-manifest.json":"/remotes/marketing/remoteEntry.abcdef0123.js"}</script>',
    );
    expect(home).not.toContain('as="fetch"');
    // The page's CSP still allows no inline script: the configuration is a data block.
    const response = await get('/help-center', { accept: 'text/html' });
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;| )/);
    expect(response.headers['content-security-policy']).not.toMatch(/unsafe-inline[^;]*;.*script/);
    expect(response.text()).toContain('remoteEntry.abcdef0123.js');
    // A page of a remote that is not built, and a shell page: the configuration, no hints.
    for (const pathname of ['/curbside-pickup', '/auth']) {
      const page = (await get(pathname, { accept: 'text/html' })).text();
      expectShellPage(page);
      expect(page, pathname).not.toContain('rel="preload"');
    }
  });

  it('sends the page of a remote redeployed in place with its new entry, no restart', async () => {
    const manifestFile = path.join(staticRoot, 'mfe-marketing/dist/mf-manifest.json');
    const redeployed = MANIFEST.replace('remoteEntry.abcdef0123.js', 'remoteEntry.fedcba9876.js');
    await writeFile(manifestFile, redeployed);
    const later = new Date(Date.now() + 5000);
    await utimes(manifestFile, later, later);
    try {
      const page = (await get('/', { accept: 'text/html' })).text();
      expect(page).toContain('/remotes/marketing/remoteEntry.fedcba9876.js');
      expect(page).not.toContain('remoteEntry.abcdef0123.js');
    } finally {
      await writeFile(manifestFile, MANIFEST);
    }
  });

  it.each([
    '/curbside-pickup',
    '/delivery-tracking/4f1c2a',
    '/schedule-pickup/payment?step=2',
    '/help-center/',
  ])('falls back to the shell index.html for the page navigation %s', async (pathname) => {
    const response = await get(pathname, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expectShellPage(response.text());
  });

  it.each<Record<string, string>>([{ accept: '*/*' }, {}])(
    'gives plain clients (Accept %o) the page as well',
    async (headers) => {
      const response = await get('/curbside-pickup', headers);
      expect(response.status).toBe(200);
      expectShellPage(response.text());
    },
  );

  it('does not answer missing files or non-HTML requests with the shell', async () => {
    const missingFile = await get('/main.ffffffffff.js', { accept: 'text/html' });
    expect(missingFile.status).toBe(404);
    expect(missingFile.json()).toEqual({ message: 'Not found: GET /main.ffffffffff.js' });

    const json = await get('/curbside-pickup', { accept: 'application/json' });
    expect(json.status).toBe(404);

    const post = await rawRequest(`${server.url}/curbside-pickup`, {
      method: 'POST',
      headers: { accept: 'text/html' },
    });
    expect(post.status).toBe(404);
  });

  it('serves content-hashed files as immutable, choosing brotli, gzip or identity', async () => {
    const brotli = await get('/main.34484ae911.js', { 'accept-encoding': 'gzip, br' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.equals(brotliCompressSync(SHELL_MAIN))).toBe(true);

    const gzip = await get('/main.34484ae911.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SHELL_MAIN);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE_CACHE);

    const identity = await get('/main.34484ae911.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.text()).toBe(SHELL_MAIN);
  });

  it('serves unhashed shell files for revalidation', async () => {
    const favicon = await get('/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('serves each built remote under /remotes/<name>/', async () => {
    const manifest = await get('/remotes/marketing/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.text()).toBe(MANIFEST);

    const entry = await get('/remotes/marketing/remoteEntry.abcdef0123.js', {
      'accept-encoding': 'br, gzip',
    });
    expect(entry.status).toBe(200);
    // Only a .gz sibling exists, so gzip is chosen even though brotli is preferred.
    expect(entry.headers['content-encoding']).toBe('gzip');
    expect(entry.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(gunzipSync(entry.body).toString()).toBe(REMOTE_ENTRY);
  });

  it('answers 404 JSON for missing remote files, unbuilt remotes and remote folders', async () => {
    for (const pathname of [
      '/remotes/marketing/missing.0123456789.js',
      '/remotes/customer/mf-manifest.json',
      '/remotes/marketing/',
      '/remotes/nope/mf-manifest.json',
    ]) {
      const response = await get(pathname, { accept: 'text/html' });
      expect(response.status, pathname).toBe(404);
      expect(response.headers['content-type'], pathname).toMatch(/^application\/json/);
    }
  });

  it('keeps the API and remotes.json in front of the static files', async () => {
    const health = await get('/api/health', { accept: 'text/html' });
    expect(health.json()).toEqual({ ok: true, database: 'up' });
    const remotes = await get('/remotes.json');
    expect(remotes.headers['cache-control']).toBe('no-cache');
    expect(remotes.json()).toMatchObject({ marketing: '/remotes/marketing/mf-manifest.json' });
  });
});
