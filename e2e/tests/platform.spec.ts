import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';

const notFound = (page: Page) =>
  page.getByRole('heading', { level: 1, name: '404 Page Not Found' });

// Each route renders its own page and fetches only its owner's manifest: tests/every-route.spec.ts.
test.describe('routing across the shell and its remotes', () => {
  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(notFound(page)).toBeVisible();
    await expect(page).toHaveTitle(/404 Page Not Found/);
  });

  test('an unknown sub-path inside a remote shows the 404 page', async ({ page }) => {
    for (const path of ['/about-us/nothing-here', '/curbside-pickup/x/y', '/landing/old']) {
      await page.goto(path);
      await expect(notFound(page)).toBeVisible();
    }
  });
});

test.describe('header and footer', () => {
  test('the header is fixed and exactly 82 px high, with the logo and Login', async ({ page }) => {
    await page.goto('/about-us');
    const header = page.getByTestId('site-header');
    await expect(header).toBeVisible();
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect((await header.boundingBox())?.height).toBe(82);
    await page.mouse.wheel(0, 2000);
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);

    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await page.getByRole('link', { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the header stays 82 px on a 320 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    expect((await page.getByTestId('site-header').boundingBox())?.height).toBe(82);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the footer links go where they should, and the legal labels are not links', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const expected = [
      '/platform-services',
      '/delivery-info',
      '/help-center',
      '/about-us',
      '/how-it-works',
      '/team',
      '/landing',
      '/robot-leasing',
    ];
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const path of expected) expect(hrefs).toContain(path);
    const social = hrefs.filter((href) => href?.startsWith('https://'));
    expect(social).toHaveLength(3);
    for (const label of ['Terms & Conditions', 'Privacy Policy', 'Accessibility']) {
      await expect(footer.getByText(label, { exact: true })).toBeVisible();
      await expect(footer.getByRole('link', { name: label })).toHaveCount(0);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);

    for (const path of expected) {
      await footer.locator(`a[href="${path}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // The page itself, not its remote's loading state: only then is the footer where it stays
      // (a click while the content below it still grows can land on the page instead), and the
      // 404 check below means something.
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(notFound(page)).toHaveCount(0);
    }
  });
});

test.describe('a remote that is down', () => {
  test('shows the fallback panel while the rest keeps working, and Retry recovers', async ({
    page,
  }) => {
    await page.route('**/remotes/customer/**', (route) => route.abort('connectionrefused'));
    await page.goto('/store-selection');
    const panel = page
      .getByRole('alert')
      .filter({ hasText: 'This section is unavailable right now' });
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Another remote still works, through the router (no reload).
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await page.goBack();
    await expect(panel).toBeVisible();

    // The remote comes back: Retry loads it without a page reload.
    await page.unroute('**/remotes/customer/**');
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a Store' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
    ).toBe(true);
  });

  // Signed in: a visitor without a session is sent the sign-in page, which loads no remote.
  test('a malformed remotes.json entry names the remote and leaves the others working', async ({
    signedInPage: page,
  }) => {
    await page.route('**/remotes.json', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, curbside: 'javascript:alert(1)' } });
    });
    // The server inlines the configuration in the page; without it the shell reads
    // /remotes.json, as it does from a static host.
    await page.route('**/curbside-pickup', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script type="application\/json" id="remotes-config">.*?<\/script>/,
        '',
      );
      const {
        'content-encoding': _encoding,
        'content-length': _length,
        ...headers
      } = response.headers();
      await route.fulfill({ status: 200, headers, body: html });
    });
    await page.goto('/curbside-pickup');
    const panel = page
      .getByRole('alert')
      .filter({ hasText: 'This section is unavailable right now' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('"curbside"');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  });
});
