import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, SiteHeader, test } from '../fixtures/test';
import { CurbsidePage, randomPhone } from '../pages/curbside';
import { cachedUrls, deviceData, waitUntilKeptOffline, workerQueue } from '../pages/offline';
import { DeliveriesApi, type PlacedOrder } from '../pages/tracking';

/**
 * The curbside page in a parking lot (ADR 018): the signal goes (Chrome's offline emulation,
 * `context.setOffline`) and comes back. Each test starts from a fresh customer with a paid
 * curbside order. Background Sync does not fire under the emulation; the page sends on its own.
 */
test.use({ serviceWorkers: 'allow' });

const STEPS = [
  "You've Arrived",
  'Robot Dispatched',
  'Collecting Order',
  'Robot En Route',
  'Robot Arrived',
];

/**
 * Stores no other suite sends robots to. A store has three robots, and these tests leave pickups
 * waiting at the car; on one store, tests side by side would wait for each other's robots.
 */
const OWN_STORES = [
  'macys-galleria-dallas',
  'macys-memorial-city',
  'macys-barton-creek',
  'dillards-parks-arlington',
  'dillards-willowbrook',
  'jcpenney-stonebriar',
  'jcpenney-lakeline',
  'kohls-round-rock',
  'kohls-fort-worth-alliance',
];

/** A paid curbside order of the signed-in customer, ready to be collected at the curb. */
async function paidCurbsideOrder(page: Page, request: APIRequestContext): Promise<PlacedOrder> {
  const store = OWN_STORES[randomInt(OWN_STORES.length)];
  return (await DeliveriesApi.of(page, request)).placeCurbsideOrder(store);
}

/** The customer's curbside pickups for `orderNumber`, as their history lists them. */
async function curbsidePickupsOf(api: DeliveriesApi, orderNumber: string) {
  const response = await api.request.get(
    `/api/pickup-history?q=${encodeURIComponent(orderNumber)}`,
    { headers: api.headers },
  );
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: Array<{ kind: string }> };
  return items.filter((item) => item.kind === 'curbside');
}

async function pinMessagesTo(request: APIRequestContext, phone: string): Promise<number> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const messages = (await response.json()) as Array<{ text: string }>;
  return messages.filter((message) => /PIN for order/.test(message.text)).length;
}

/** Arrives online through the form and waits for the tracking view; answers the pickup id. */
async function arriveOnline(curbside: CurbsidePage, order: PlacedOrder, phone = randomPhone()) {
  await curbside.goto(`?orderNumber=${encodeURIComponent(order.orderNumber)}`);
  await curbside.start();
  await curbside.fillArrival({ parkingSpotNumber: '14', phoneNumber: phone });
  return curbside.notify();
}

test('the tracker says when the signal is gone, keeps the pickup on screen, and catches up', async ({
  signedInPage: page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const order = await paidCurbsideOrder(page, request);
  const curbside = new CurbsidePage(page);
  await arriveOnline(curbside, order);
  await expect(page.getByTestId('live-mode')).toHaveText('Live updates on');
  const notice = page.getByRole('status').filter({ hasText: "You're offline." });

  await context.setOffline(true);
  await expect(notice).toContainText(
    /You're offline\. Showing the last status from \d{1,2}:\d\d [AP]M CT\./,
    {
      timeout: 5_000,
    },
  );
  await expect(page.getByTestId('live-mode')).toHaveText('Live updates paused: offline');
  // What the page knew stays: the order, the status, the timeline.
  await expect(page.getByText(`Order ${order.orderNumber}`, { exact: true })).toBeVisible();
  await expect(curbside.status).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Delivery Timeline' });
  await expect(timeline.getByRole('listitem').first()).toBeVisible();
  // The robot goes on meanwhile (about a second a step at this suite's time scale).
  await page.waitForTimeout(3_000);

  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await expect(curbside.status).toHaveText('Robot Arrived', { timeout: 30_000 });
  await expect(page.getByTestId('live-mode')).toHaveText('Live updates on');
  // The PIN dialog hides the rest of the page from assistive tech; the timeline is behind it.
  await expect(curbside.pinDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(curbside.pinDialog).toBeHidden();
  // The stream resumed after the last event it saw: every step once, none missing.
  for (const label of STEPS.slice(1)) {
    await expect(timeline.getByText(label, { exact: true })).toHaveCount(1);
  }
});

test('the curbside page opens without signal after one visit, with the last pickup and orders', async ({
  signedInPage: page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const order = await paidCurbsideOrder(page, request);
  const second = await paidCurbsideOrder(page, request);
  const curbside = new CurbsidePage(page);
  // One visit: the order list, then an arrival and its tracking.
  await curbside.goto();
  await curbside.start();
  await expect(
    page.getByLabel('Order', { exact: true }).locator('option', { hasText: second.orderNumber }),
  ).toHaveCount(1);
  // The device keeps the list from when the page is interactive; a visit shorter than that
  // (a test's, not a person's) would leave before anything is kept.
  await waitUntilKeptOffline(page, second.orderNumber);
  const pickupId = await arriveOnline(curbside, order);
  await expect(curbside.status).toHaveText(/Robot/);
  await waitUntilKeptOffline(page, second.orderNumber);

  await context.setOffline(true);
  // The tracking link: the pickup as last seen, from the device.
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`pickup=${pickupId}`));
  await expect(page.getByText(`Order ${order.orderNumber}`, { exact: true })).toBeVisible();
  await expect(curbside.status).toHaveText(new RegExp(STEPS.join('|')));
  await expect(page.getByRole('status').filter({ hasText: "You're offline." })).toContainText(
    'Showing the last status from',
  );

  // The page without a pickup: the orders that can be collected, from the device.
  await curbside.goto();
  await expect(page.getByRole('status').filter({ hasText: "You're offline." })).toBeVisible();
  await curbside.start();
  const select = page.getByLabel('Order', { exact: true });
  await expect(select.locator('option', { hasText: second.orderNumber })).toHaveCount(1);

  // And with ?orderNumber=, in a tab opened without signal.
  const other = await context.newPage();
  const prefilled = new CurbsidePage(other);
  await prefilled.goto(`?orderNumber=${encodeURIComponent(second.orderNumber)}`);
  await prefilled.start();
  await expect(other.getByLabel('Order number')).toHaveValue(second.orderNumber);
  await expect(other.getByLabel('Your name')).toHaveValue('Ada Lovelace');
  await other.close();
});

test('Notify Store tapped without signal survives a closed tab and is sent once when it is back', async ({
  signedInPage: page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const order = await paidCurbsideOrder(page, request);
  const api = await DeliveriesApi.of(page, request);
  const curbside = new CurbsidePage(page);
  await curbside.goto(`?orderNumber=${encodeURIComponent(order.orderNumber)}`);
  await waitUntilKeptOffline(page);
  await curbside.start();

  await context.setOffline(true);
  const phone = randomPhone();
  await curbside.fillArrival({ parkingSpotNumber: '9', phoneNumber: phone });
  await curbside.notifyButton.click();
  const saved = page.getByRole('status').filter({ hasText: 'Your arrival is saved on this phone' });
  await expect(saved).toContainText(
    `It will be sent to the store when the signal is back: order ${order.orderNumber}, parking spot 9.`,
  );
  await expect(page.getByRole('button', { name: 'Cancel arrival' })).toBeVisible();
  // A second tap sends nothing more.
  await expect(curbside.notifyButton).toBeDisabled();
  await expect.poll(async () => (await deviceData(page)).join('')).toContain(phone);

  // The tab is closed and opened again, still without signal: the arrival is still there.
  await page.close();
  const reopened = await context.newPage();
  const again = new CurbsidePage(reopened);
  await again.goto();
  await expect(
    reopened.getByRole('status').filter({ hasText: 'Your arrival is saved on this phone' }),
  ).toContainText(`order ${order.orderNumber}, parking spot 9`);
  // (The worker's Background Sync copy may already have gone: Chrome fires `sync` by the real
  // network, which its offline emulation leaves up. Either way it is one arrival, below.)

  await context.setOffline(false);
  await expect(reopened).toHaveURL(/[?&]pickup=[0-9a-f-]{36}/, { timeout: 20_000 });
  await expect(again.toast('Store Notified!')).toContainText(
    'The store has been notified of your arrival. A robot will be dispatched shortly.',
  );
  await expect(reopened.getByText(`Order ${order.orderNumber}`, { exact: true })).toBeVisible();
  // One arrival, one PIN, and nothing left queued anywhere.
  await expect.poll(() => pinMessagesTo(request, phone)).toBe(1);
  expect(await curbsidePickupsOf(api, order.orderNumber)).toHaveLength(1);
  await expect.poll(async () => (await deviceData(reopened)).join('')).not.toContain(phone);
  await expect.poll(async () => (await workerQueue(reopened)).length).toBe(0);
  await reopened.waitForTimeout(1_000);
  expect(await pinMessagesTo(request, phone)).toBe(1);
});

test('a queued arrival the server refuses shows its answer, and can be cancelled before', async ({
  signedInPage: page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const order = await paidCurbsideOrder(page, request);
  const api = await DeliveriesApi.of(page, request);
  const curbside = new CurbsidePage(page);
  await curbside.goto(`?orderNumber=${encodeURIComponent(order.orderNumber)}`);
  await curbside.start();
  const phone = randomPhone();

  // Cancelled by the customer: nothing is sent.
  await context.setOffline(true);
  await curbside.fillArrival({ parkingSpotNumber: '5', phoneNumber: phone });
  await curbside.notifyButton.click();
  await page.getByRole('button', { name: 'Cancel arrival' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your arrival was cancelled.' }),
  ).toBeVisible();
  await context.setOffline(false);
  await page.waitForTimeout(1_000);
  expect(await pinMessagesTo(request, phone)).toBe(0);

  // Meanwhile the order is cancelled (the page still lists it): the store refuses the arrival.
  const cancelled = await request.post(`/api/order-pickups/${order.id}/cancel`, {
    headers: api.headers,
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await context.setOffline(true);
  await curbside.notifyButton.click();
  await expect(page.getByRole('button', { name: 'Cancel arrival' })).toBeVisible();
  await context.setOffline(false);
  await expect(curbside.toast('Notification Failed')).toContainText(
    `Order ${order.orderNumber} is cancelled, so it cannot be picked up at the curb.`,
  );
  await expect(page.getByRole('button', { name: 'Cancel arrival' })).toBeHidden();
  expect(await curbsidePickupsOf(api, order.orderNumber)).toEqual([]);
  expect(await pinMessagesTo(request, phone)).toBe(0);
});

test.describe('personal data on the device', () => {
  test('is deleted at logout, the worker queue included', async ({
    signedInPage: page,
    request,
  }) => {
    test.setTimeout(60_000);
    const order = await paidCurbsideOrder(page, request);
    const curbside = new CurbsidePage(page);
    await arriveOnline(curbside, order);
    await waitUntilKeptOffline(page, order.orderNumber);
    // A write the worker keeps for Background Sync, as a page closed offline hands one over;
    // its address never answers, so the worker keeps it however often it tries.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/sw.js');
      registration?.active?.postMessage({
        type: 'curbrun:queue-write',
        url: 'http://127.0.0.1:9/api/curbside-pickups',
        body: { orderNumber: 'CR-000000' },
        idempotencyKey: 'kept-for-sync',
        token: localStorage.getItem('token'),
      });
    });
    await expect.poll(async () => (await workerQueue(page)).length).toBe(1);

    // The robot reaches the car a few seconds after the arrival at this suite's time scale, and
    // its PIN dialog takes the focus, which closes an open account menu. Let it come and go first.
    await expect(curbside.pinDialog).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(curbside.pinDialog).toBeHidden();

    await new SiteHeader(page).logOut();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect.poll(() => deviceData(page)).toEqual([]);
    await expect.poll(async () => (await workerQueue(page)).length).toBe(0);
    // Nothing personal in the worker's caches either: no API answer, no rendered page.
    const urls = await cachedUrls(page);
    expect(urls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  });

  test("is another customer's no more when the account changes", async ({
    signedInPage: page,
    request,
    authApi,
  }) => {
    test.setTimeout(60_000);
    const order = await paidCurbsideOrder(page, request);
    const curbside = new CurbsidePage(page);
    await arriveOnline(curbside, order);
    await waitUntilKeptOffline(page, order.orderNumber);

    // Someone else signs in on this browser (in another tab, without logging the first out).
    const other = await authApi.createUser({ firstName: 'Grace', lastName: 'Hopper' });
    const session = await authApi.login(other.username, other.password);
    await page.evaluate(({ token, userId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userID', userId);
    }, session);
    await curbside.goto();
    await curbside.start();
    await expect(page.getByLabel('Your name')).toHaveValue('Grace Hopper');
    await expect.poll(async () => (await deviceData(page)).join('')).toContain(other.id);
    const kept = (await deviceData(page)).join('');
    expect(kept).not.toContain(order.orderNumber);
    expect(kept).not.toContain('Ada');
  });

  test('is deleted with the account', async ({ signedInPage: page, request, account }) => {
    test.setTimeout(60_000);
    const order = await paidCurbsideOrder(page, request);
    await arriveOnline(new CurbsidePage(page), order);
    await waitUntilKeptOffline(page, order.orderNumber);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect.poll(() => deviceData(page)).toEqual([]);
  });

  test('is never kept for a visitor who is not signed in', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await page.goto('/curbside-pickup');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    // The worker is there, with the site's files only.
    await expect
      .poll(async () =>
        (await cachedUrls(page)).some((url) => /\/main\.[0-9a-f]{10}\.js$/.test(url)),
      )
      .toBe(true);
    const urls = await cachedUrls(page);
    expect(urls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    expect(urls.filter((url) => !/\.[a-z0-9]+(\?.*)?$/.test(new URL(url).pathname))).toEqual([]);
    expect(await deviceData(page)).toEqual([]);
    expect(await workerQueue(page)).toEqual([]);
  });
});
