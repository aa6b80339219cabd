import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type ExtraServer, startExtraServer } from '../fixtures/extra-server';
import { expect, test } from '../fixtures/test';
import {
  type BuiltRemote,
  buildRemoteCopy,
  REPO_ROOT,
  servedRemoteDist,
} from '../support/remote-build';
import { StaticOrigin } from '../support/static-origin';

// One team ships a new release of its remote; the shell is neither rebuilt nor restarted.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const RELEASE_2_TITLE = 'About Us · release 2';

let origin: StaticOrigin;
let site: ExtraServer;
let release2: BuiltRemote;
/** The folder marketing's origin serves, as a CDN bucket would be. */
let published: string;

/** The documented deploy step (docs/deploy.md): check the build, hashed files first, manifest last. */
async function deploy(from: string) {
  return promisify(execFile)(
    process.execPath,
    [path.join(REPO_ROOT, 'scripts', 'deploy-remote.mjs'), 'marketing', published, '--from', from],
    { cwd: REPO_ROOT },
  );
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The marketing team's new release: a visible change, built from a copy of their sources.
  release2 = await buildRemoteCopy({
    remote: 'marketing',
    edits: [
      {
        file: 'src/features/about-us/about-us-page.tsx',
        find: 'title="About Us"',
        replace: `title="${RELEASE_2_TITLE}"`,
      },
    ],
  });
  // Marketing's own origin (think CDN), serving the release the suite was built with.
  published = await mkdtemp(path.join(os.tmpdir(), 'curbrun-marketing-origin-'));
  await deploy(servedRemoteDist('marketing'));
  origin = new StaticOrigin(published);
  await origin.start();
  // The composed site, told where marketing lives: the only thing the shell is configured with.
  site = await startExtraServer({ REMOTE_MARKETING_URL: `${origin.url}/` });
  origin.allowShell(site.baseURL);
});

test.afterAll(async () => {
  await site?.stop();
  await origin?.stop();
  await release2?.remove();
  if (published) await rm(published, { recursive: true, force: true });
});

// CSP violations fail every test through the fixtures' guard (e2e/fixtures/test.ts).
test('a new release of one remote shows after a reload, with the shell untouched', async ({
  page,
}) => {
  const remotes = await (await fetch(`${site.baseURL}/remotes.json`)).json();
  expect(remotes.marketing).toBe(`${origin.url}/mf-manifest.json`);
  const shellBefore = await (await fetch(`${site.baseURL}/`)).text();

  await page.goto(`${site.baseURL}/about-us`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'About Us', exact: true }),
  ).toBeVisible();
  // It really came from the second origin.
  expect(origin.requests).toContain('/mf-manifest.json');

  // Deploy: the new build goes to the remote's origin. Nothing else changes.
  await deploy(release2.dist);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: RELEASE_2_TITLE })).toBeVisible();
  await expect(page.getByTestId('site-header')).toBeVisible();

  // Same shell (byte for byte, same process), and the other remotes still come from the site.
  expect(await (await fetch(`${site.baseURL}/`)).text()).toBe(shellBefore);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  // A public page of another remote (signed out, /curbside-pickup shows its title only for the
  // moment before it asks to sign in, which made this check depend on timing).
  await page.goto(`${site.baseURL}/landing`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Delivery for Your Checkout' }),
  ).toBeVisible();
});

test('an incomplete build is refused and the live release keeps working', async ({ page }) => {
  const broken = await mkdtemp(path.join(os.tmpdir(), 'curbrun-broken-build-'));
  try {
    await cp(servedRemoteDist('marketing'), broken, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(broken, 'mf-manifest.json'), 'utf8')) as {
      metaData: { remoteEntry: { name: string } };
    };
    await rm(path.join(broken, manifest.metaData.remoteEntry.name));
    const refused = await deploy(broken).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('is listed in the manifest but missing');
  } finally {
    await rm(broken, { recursive: true, force: true });
  }
  await page.goto(`${site.baseURL}/about-us`);
  await expect(page.getByRole('heading', { level: 1, name: RELEASE_2_TITLE })).toBeVisible();
});
