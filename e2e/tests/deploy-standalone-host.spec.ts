import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { storeSession } from '../fixtures/auth-api';
import { expect, test } from '../fixtures/test';
import { baseURL } from '../playwright.config';
import { type RemoteName, servedRemoteDist } from '../support/remote-build';
import { buildStandaloneHost, StandaloneHostServer } from '../support/standalone-host';
import { StaticOrigin } from '../support/static-origin';

// A partner's site consumes the four remotes as docs/deploy.md ("Consuming a remote from another
// host") tells it to: a Module Federation 2 host built with the enhanced plugin and no CurbRun
// shell code, each remote on an origin of its own (a CDN) that allows the host through CORS.

const REMOTES: readonly RemoteName[] = ['marketing', 'customer', 'curbside', 'retailer'];

interface Host {
  server: StandaloneHostServer;
  dist: string;
}

const origins = new Map<RemoteName, StaticOrigin>();
const hosts: Host[] = [];

async function startHost(provideRuntime: boolean): Promise<StandaloneHostServer> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'curbrun-standalone-host-'));
  await buildStandaloneHost({ outputPath: dist, provideRuntime });
  const remotes = Object.fromEntries(
    REMOTES.map((name) => [name, `${origins.get(name)?.url}/mf-manifest.json`]),
  );
  const server = new StandaloneHostServer(dist, { api: baseURL, remotes });
  await server.start();
  hosts.push({ server, dist });
  for (const origin of origins.values()) origin.allowShell(server.url);
  return server;
}

test.beforeAll(async () => {
  for (const name of REMOTES) {
    const origin = new StaticOrigin(servedRemoteDist(name));
    await origin.start();
    origins.set(name, origin);
  }
});

test.afterAll(async () => {
  for (const { server, dist } of hosts) {
    await server.stop();
    await rm(dist, { recursive: true, force: true });
  }
  for (const origin of origins.values()) await origin.stop();
});

test("a host built from the docs renders a page of each remote's ./routes", async ({
  page,
  authApi,
  account,
}) => {
  const host = await startHost(true);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).origin));
  // Signed in on the host's origin: the remotes read the session there and call its /api.
  await storeSession(page, await authApi.login(account.username, account.password), host.url);

  await page.goto(`${host.url}/about-us`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'About Us', exact: true }),
  ).toBeVisible();

  await page.goto(`${host.url}/subscribe`);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe' })).toBeVisible();
  // The plans come from the API through the host's /api.
  await expect(page.getByRole('heading', { name: 'CurbRun Plus' })).toBeVisible();

  await page.goto(`${host.url}/curbside-pickup`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Curbside Pickup with Robot Delivery' }),
  ).toBeVisible();
  // Past the sign-in guard: the session stored on the host's origin is the remotes' session.
  await expect(page.getByRole('button', { name: 'Start Curbside Pickup' })).toBeVisible();

  await page.goto(`${host.url}/landing`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Delivery for Your Checkout' }),
  ).toBeVisible();

  // Every remote came from its own origin, and nothing from CurbRun's site.
  for (const [name, origin] of origins) {
    expect(origin.requests, name).toContain('/mf-manifest.json');
  }
  const allowed = new Set([host.url, ...[...origins.values()].map((origin) => origin.url)]);
  expect([...new Set(requested)].filter((origin) => !allowed.has(origin))).toEqual([]);
});

test('without the Module Federation runtime for the remotes, every remote fails', async ({
  page,
}) => {
  const host = await startHost(false);
  for (const pathname of ['/about-us', '/subscribe', '/curbside-pickup', '/landing']) {
    await page.goto(`${host.url}${pathname}`);
    // The remote's container finds no runtime on the page, so its entry defines nothing.
    await expect(page.getByRole('alert')).toContainText('Failed to get remoteEntry exports');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  }
});
