import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';

// When the user shows where they are going (hovering or focusing a link to a path another
// remote owns: header, footer, or a link inside a remote), the shell loads that remote first, so
// following the link renders the page without the Loading indicator.

/** Remote assets the page has finished downloading, by remote name. */
function trackRemoteDownloads(page: Page) {
  const finished: string[] = [];
  page.on('requestfinished', (request) => {
    const match = /\/remotes\/(\w+)\/(.+)$/.exec(new URL(request.url()).pathname);
    if (match) finished.push(`${match[1]}/${match[2]}`);
  });
  return (remote: string) => finished.filter((file) => file.startsWith(`${remote}/`));
}

/** Every file a remote's `./routes` needs up front and for its pages, from its manifest. */
async function routesFiles(page: Page, remote: string): Promise<string[]> {
  const response = await page.request.get(`/remotes/${remote}/mf-manifest.json`);
  const manifest = (await response.json()) as {
    metaData: { remoteEntry: { name: string } };
    exposes: Array<{ path: string; assets: { js: { sync: string[]; async: string[] } } }>;
  };
  const routes = manifest.exposes.find((expose) => expose.path === './routes');
  expect(routes).toBeDefined();
  return [
    'mf-manifest.json',
    manifest.metaData.remoteEntry.name,
    ...(routes?.assets.js.sync ?? []),
    ...(routes?.assets.js.async ?? []),
  ].map((file) => `${remote}/${file}`);
}

/**
 * The heading of the page the footer's "Retailer API" link leads to. Named, because the URL
 * changes at the click while the page being left (with its own level-one heading) may stay on
 * screen until the retailer remote has loaded.
 */
function landingHeading(page: Page) {
  return page.getByRole('heading', { level: 1, name: 'Delivery for Your Checkout' });
}

/** Records, on every animation frame from now on, whether the Loading indicator is on screen. */
async function watchForLoading(page: Page) {
  await page.evaluate(() => {
    const state = { painted: false };
    (window as unknown as { __loading: typeof state }).__loading = state;
    const frame = () => {
      if (document.querySelector('[data-testid="loading"]')) state.painted = true;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return async () =>
    page.evaluate(
      () => (window as unknown as { __loading: { painted: boolean } }).__loading.painted,
    );
}

test('hovering a footer link preloads the other remote; the navigation shows no Loading', async ({
  page,
}) => {
  const downloaded = trackRemoteDownloads(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(downloaded('retailer')).toEqual([]);

  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Retailer API' });
  await link.hover();
  const needed = await routesFiles(page, 'retailer');
  await expect
    .poll(() => needed.filter((file) => !downloaded('retailer').includes(file)))
    .toEqual([]);

  const loadingWasPainted = await watchForLoading(page);
  await link.click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(landingHeading(page)).toBeVisible();
  expect(await loadingWasPainted()).toBe(false);
});

test('focusing a link inside a remote preloads the remote it leads to', async ({ page }) => {
  const downloaded = trackRemoteDownloads(page);
  await page.goto('/');
  const link = page.getByRole('link', { name: 'Curbside Delivery' });
  await expect(link).toBeVisible();
  expect(downloaded('curbside')).toEqual([]);
  await link.focus();
  await expect.poll(() => downloaded('curbside')).toContain('curbside/mf-manifest.json');
});

test('without a hover nothing is preloaded, and the remote still loads on the click', async ({
  page,
}) => {
  const downloaded = trackRemoteDownloads(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The page is React's: a click before that is the browser's own navigation to a new page,
  // which gets the remote's entry with its HTML and never asks for the manifest.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.waitForTimeout(300);
  expect(downloaded('retailer')).toEqual([]);
  // A click that no pointer or focus preceded (a script, an assistive technology).
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Retailer API' })
    .evaluate((element: HTMLElement) => element.click());
  await expect(page).toHaveURL(/\/landing$/);
  await expect(landingHeading(page)).toBeVisible();
  await expect.poll(() => downloaded('retailer')).toContain('retailer/mf-manifest.json');
});
