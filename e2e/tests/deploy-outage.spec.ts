import type { Page } from '@playwright/test';
import { type ExtraServer, startExtraServer } from '../fixtures/extra-server';
import { expect, test } from '../fixtures/test';
import { servedRemoteDist } from '../support/remote-build';
import { StaticOrigin } from '../support/static-origin';

// The marketing remote lives on its own origin, which goes down, then stalls (accepts
// connections, never answers). The shell shows the fallback panel (after the load timeout when
// nothing answers), the rest of the site keeps working, and Retry recovers without a reload.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const ABOUT_US = 'About Us';
// Short for the test; production keeps the 15 s default (REMOTE_LOAD_TIMEOUT_MS unset).
const TIMEOUT_MS = 3000;

let origin: StaticOrigin;
let site: ExtraServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  origin = new StaticOrigin(servedRemoteDist('marketing'));
  await origin.start();
  site = await startExtraServer({
    REMOTE_MARKETING_URL: origin.url,
    REMOTE_LOAD_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  origin.allowShell(site.baseURL);
});

test.afterAll(async () => {
  await site?.stop();
  await origin?.stop();
});

test.afterEach(async () => {
  // Whatever a test left behind, the next one starts with the origin up and answering.
  origin.resume();
  await origin.start();
});

const unavailable = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'This section is unavailable right now' });

async function markNoReload(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}

async function expectNoReload(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
  ).toBe(true);
}

/** The shell's own pages and another remote work while marketing is out; back to the panel. */
async function expectOtherAreasWork(page: Page) {
  await expect(page.getByTestId('site-header')).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Retailer API' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(unavailable(page)).toHaveCount(0);
  await page.getByTestId('site-header').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/about-us$/);
}

test('the remote’s origin is down: panel at once, Retry recovers when it is back', async ({
  page,
}) => {
  await origin.stop();
  await page.goto(`${site.baseURL}/about-us`);
  await expect(unavailable(page)).toBeVisible();
  await expect(unavailable(page)).toContainText('The marketing remote could not be loaded.');

  await markNoReload(page);
  await expectOtherAreasWork(page);
  await expect(unavailable(page)).toBeVisible();

  await origin.start();
  await unavailable(page).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: ABOUT_US })).toBeVisible();
  await expectNoReload(page);
});

test('the remote’s origin never answers: Loading, then the panel after the timeout; Retry recovers', async ({
  page,
}) => {
  origin.stall();
  const requestsBefore = origin.requests.length;
  const started = Date.now();
  await page.goto(`${site.baseURL}/about-us`);
  await expect(page.getByTestId('loading')).toBeVisible();
  await expect(unavailable(page)).toBeVisible({ timeout: TIMEOUT_MS + 10_000 });
  const waited = Date.now() - started;
  // The origin was asked and kept the request hanging: this is the timeout, not a quick error.
  expect(origin.requests.length).toBeGreaterThan(requestsBefore);
  expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS);
  await expect(unavailable(page)).toContainText('The marketing remote did not answer in time.');

  await markNoReload(page);
  await expectOtherAreasWork(page);
  // Coming back tries again, and the origin still does not answer.
  await expect(page.getByTestId('loading')).toBeVisible();
  await expect(unavailable(page)).toBeVisible({ timeout: TIMEOUT_MS + 10_000 });

  origin.resume();
  await unavailable(page).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: ABOUT_US })).toBeVisible();
  await expectNoReload(page);
});
