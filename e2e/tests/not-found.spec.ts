import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { UNKNOWN_PATHS } from '../support/routes';

// Any path that is not a route shows '404 Page Not Found'. Unknown sub-paths of every remote too,
// signed in or out: the 404 wins over the sign-in redirect.

const notFound = (page: Page) =>
  page.getByRole('heading', { level: 1, name: '404 Page Not Found' });

async function expectNotFound(page: Page, path: string) {
  await page.goto(path);
  await expect(notFound(page), path).toBeVisible();
  await expect(page).toHaveTitle(/404 Page Not Found/);
  // Still the same address: no redirect to /auth or to another page first.
  expect(new URL(page.url()).pathname).toBe(path);
}

test.describe('unknown paths show the 404 page', () => {
  test('signed out', async ({ page }) => {
    for (const path of UNKNOWN_PATHS) await expectNotFound(page, path);
    // Nothing was remembered for after login: a 404 is not a protected page.
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBeNull();
  });

  test('signed in', async ({ signedInPage: page }) => {
    for (const path of UNKNOWN_PATHS) await expectNotFound(page, path);
  });

  test('a real step under the same prefix still asks a signed-out visitor to sign in', async ({
    page,
  }) => {
    await page.goto('/schedule-pickup/store-details');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
