import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { expect, mainAxeViolations, test, tokenOf } from '../fixtures/test';
import { CARDS, fillCard } from '../pages/customer-common';
import { onboardByApi } from '../pages/retailer';

/** The retailer pages: landing, docs, widget script, dashboard demo, robot leasing. */

test('the landing page shows its copy, links to the retailer pages and copies the sample request', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/landing');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Delivery for Your Checkout' }),
  ).toBeVisible();
  for (const text of ['5 min', '10%', '97%', '250+', 'partner retailers', 'to integrate']) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  for (const feature of [
    'RESTful endpoints',
    'Secure authentication',
    'Documentation',
    'Webhooks',
  ]) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
    'href',
    '/checkout-widget',
  );
  await expect(page.getByRole('link', { name: 'Create Checkout Widget' })).toHaveAttribute(
    'href',
    '/checkout-widget',
  );
  await expect(page.getByRole('link', { name: 'View API Docs' })).toHaveAttribute(
    'href',
    '/api-docs',
  );
  await expect(page.getByRole('link', { name: 'View Live Demo' })).toHaveAttribute(
    'href',
    '/delivery-tracking-dashboard',
  );

  const copy = page.getByRole('button', { name: 'Copy the example checkout request' });
  await copy.click();
  await expect(page.getByText('Copied!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('/api/checkout/initialize');
  expect(copied).toContain('Authorization: Bearer <api key>');
  for (const key of ['"retailer_id"', '"order_items"', '"customer_info"'])
    expect(copied).toContain(key);
  // The confirmation lasts 2 s.
  await expect(page.getByText('Copied!')).toBeHidden({ timeout: 3_500 });
  expect(await mainAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'View API Docs' }).click();
  await expect(page).toHaveURL(/\/api-docs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeVisible();
});

test('the API docs render the OpenAPI reference, webhooks and a working try-it console', async ({
  signedInPage: page,
  request,
}) => {
  const retailer = await onboardByApi(request, await tokenOf(page));
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { level: 2, name: 'Authentication' })).toBeVisible();
  const initialize = page.locator('article', {
    has: page.getByText('/api/checkout/initialize', { exact: true }),
  });
  await expect(initialize.getByText('Initialize a checkout')).toBeVisible();
  await expect(initialize.getByText('Secret key (sk_test_… / sk_live_…)')).toBeVisible();
  await expect(initialize.getByText('retailer_id', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verifying the signature' })).toBeVisible();
  await expect(page.getByText("createHmac('sha256', SECRET)")).toBeVisible();
  for (const type of ['delivery.created', 'delivery.status_changed', 'delivery.delivered']) {
    await expect(page.getByRole('cell', { name: type })).toBeVisible();
  }
  // The console sends the example (with this retailer's id) using a short-lived test key.
  await expect(initialize.getByLabel('Request body (JSON)')).toHaveValue(
    new RegExp(`"retailer_id": "${retailer.retailerId}"`),
  );
  await initialize.getByRole('button', { name: 'Send request' }).click();
  await expect(initialize.getByText('Response: HTTP 201')).toBeVisible();
  await expect(initialize.getByTestId('console-response')).toContainText('"checkout_url"');
  await expect(initialize.getByTestId('console-response')).toContainText('"livemode": false');
  expect(await mainAxeViolations(page)).toEqual([]);
});

test('the widget script is a small standalone file (under 20 KB gzip, no React)', async ({
  baseURL,
}) => {
  // node:http, not Playwright's request: that one unpacks gzip, and the transfer size is the point.
  const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
    get(
      `${baseURL}/remotes/retailer/checkout-widget.js`,
      { headers: { 'accept-encoding': 'gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      },
    ).on('error', reject);
  });
  expect(raw.encoding).toBe('gzip');
  expect(raw.body.length).toBeLessThan(20 * 1024);
  const text = gunzipSync(raw.body).toString();
  expect(text).toContain('curbrun-checkout');
  expect(text).not.toMatch(/react|__FEDERATION__/i);
});

test('a visitor sees the labelled demo dashboard, produced by the simulator', async ({ page }) => {
  await page.goto('/delivery-tracking-dashboard');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Delivery Tracking Dashboard' }),
  ).toBeVisible();
  await expect(page.getByText('Demo data')).toBeVisible();
  await expect(page.getByText('CurbRun Demo Outfitters')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Deliveries' })).toContainText('DEMO-', {
    timeout: 30_000,
  });
  await expect(page.getByRole('img', { name: 'Deliveries per day (last 14 days)' })).toBeVisible();
  await expect(page.getByText('Live: updates as deliveries move')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('demo-deliveries.csv');
  expect(await mainAxeViolations(page)).toEqual([]);
});

test('robot leasing: choose a plan, pay with the test card, see the lease id', async ({
  signedInPage: page,
  request,
}) => {
  await onboardByApi(request, await tokenOf(page));
  await page.goto('/robot-leasing');
  await page.getByRole('button', { name: 'Choose CurbRun Hauler' }).click();
  await page.getByRole('button', { name: 'Choose Fleet' }).click();
  await page.getByLabel('Number of robots').fill('5');
  const cost = page.getByLabel('Lease cost');
  // $1,899 − 20% = $1,519.20 a robot; 5 robots − 5% = $7,216.20 a month.
  await expect(cost).toContainText('$1,519.20');
  await expect(cost).toContainText('$7,216.20');
  expect(await mainAxeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/robot-leasing-payment\?model=hauler&plan=fleet&quantity=5$/);
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay $7,216.20 and sign the lease' });
  await pay.click();
  await expect(page.getByText('Choose the store the robots will serve').first()).toBeVisible();
  await expect(page.getByText('Accept the lease terms to continue')).toBeVisible();
  await page.getByLabel('Store the robots will serve').selectOption({ label: 'Downtown (Austin)' });
  await fillCard(page, CARDS.declined);
  await page.getByRole('checkbox').check();
  await pay.click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await fillCard(page, CARDS.success);
  await pay.click();

  await expect(page).toHaveURL(/\/robot-leasing-success\?lease=/);
  await expect(page.getByRole('heading', { name: 'Your lease is active' })).toBeVisible();
  await expect(page.getByTestId('lease-number')).toHaveText(/^RL-[0-9A-Z]{8}$/);
  await expect(page.getByText('5 × CurbRun Hauler')).toBeVisible();
  await expect(page.getByText('Visa •••• 4242', { exact: false })).toBeVisible();
});

test('the widget builder previews the real widget live and builds the embed snippet', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/checkout-widget');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout Widget' })).toBeVisible();
  // A visitor previews with the demo store's key, and is told so.
  await expect(page.getByText('Demo preview')).toBeVisible();
  const widget = page.locator('curbrun-checkout');
  await expect(widget.getByText('Delivery from CurbRun Demo Outfitters')).toBeVisible();
  await expect(widget.getByRole('list', { name: 'Delivery options' })).toContainText(
    'Curbside pickup',
  );

  await page.getByLabel('Button label').fill('Get it today');
  await page.getByRole('checkbox', { name: 'Curbside pickup' }).uncheck();
  await page.getByLabel('Theme colour', { exact: true }).fill('#7a1fa2');
  await expect(widget.getByRole('button', { name: 'Get it today' })).toBeVisible();
  await expect(widget.getByRole('list', { name: 'Delivery options' })).not.toContainText(
    'Curbside pickup',
  );
  await expect(widget.getByRole('button', { name: 'Get it today' })).toHaveCSS(
    'background-color',
    'rgb(122, 31, 162)',
  );

  await page.getByRole('button', { name: 'Copy the embed snippet' }).click();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toContain('/remotes/retailer/checkout-widget.js');
  expect(snippet).toContain('button-label="Get it today"');
  expect(snippet).toContain('delivery-types="home"');
  expect(snippet).toContain('theme-color="#7a1fa2"');
  expect(await mainAxeViolations(page)).toEqual([]);
});

test('the retailer pages fit a 320 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of [
    '/landing',
    '/api-docs',
    '/checkout-widget',
    '/delivery-tracking-dashboard',
    '/robot-leasing',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
