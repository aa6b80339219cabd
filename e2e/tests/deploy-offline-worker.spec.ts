import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { request as playwrightRequest } from '@playwright/test';
import { type ExtraServer, startExtraServer } from '../fixtures/extra-server';
import { AuthApi, expect, signInPage, test } from '../fixtures/test';
import { cachedUrls } from '../pages/offline';
import {
  type BuiltRemote,
  buildRemoteCopy,
  REPO_ROOT,
  servedRemoteDist,
} from '../support/remote-build';
import { StaticOrigin } from '../support/static-origin';

// The service worker (ADR 018) must not hold a returning visitor on an old release: the curbside
// team ships a new release to its own origin, and the next load online shows it.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ serviceWorkers: 'allow' });

const RELEASE_2_HEADING = 'How It Works · release 2';

let origin: StaticOrigin;
let site: ExtraServer;
let release2: BuiltRemote;
let published: string;

/** The documented deploy step (docs/deploy.md): check the build, hashed files first, manifest last. */
function deploy(from: string) {
  return promisify(execFile)(
    process.execPath,
    [path.join(REPO_ROOT, 'scripts', 'deploy-remote.mjs'), 'curbside', published, '--from', from],
    { cwd: REPO_ROOT },
  );
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  release2 = await buildRemoteCopy({
    remote: 'curbside',
    edits: [
      {
        file: 'src/features/curbside-pickup/info-view.tsx',
        find: '>How It Works</h2>',
        replace: `>${RELEASE_2_HEADING}</h2>`,
      },
    ],
  });
  published = await mkdtemp(path.join(os.tmpdir(), 'curbrun-curbside-origin-'));
  await deploy(servedRemoteDist('curbside'));
  origin = new StaticOrigin(published);
  await origin.start();
  site = await startExtraServer({ REMOTE_CURBSIDE_URL: `${origin.url}/` });
  origin.allowShell(site.baseURL);
});

test.afterAll(async () => {
  await site?.stop();
  await origin?.stop();
  await release2?.remove();
  if (published) await rm(published, { recursive: true, force: true });
});

test('a new release of the curbside remote reaches the next online load with the worker installed', async ({
  page,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: site.baseURL });
  try {
    const account = await new AuthApi(api).createUser();
    await signInPage(page, new AuthApi(api), account, site.baseURL);
  } finally {
    await api.dispose();
  }
  const heading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });

  await page.goto(`${site.baseURL}/curbside-pickup`);
  await expect(heading('How It Works')).toBeVisible();
  // The worker is installed, controls the page, and has seen the remote's manifest.
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
      timeout: 30_000,
    })
    .toBe(true);
  await page.reload();
  await expect(heading('How It Works')).toBeVisible();
  await expect
    .poll(async () => (await cachedUrls(page)).includes(`${origin.url}/mf-manifest.json`), {
      timeout: 30_000,
    })
    .toBe(true);

  await deploy(release2.dist);
  await page.reload();
  await expect(heading(RELEASE_2_HEADING)).toBeVisible();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByTestId('site-header')).toBeVisible();
});
