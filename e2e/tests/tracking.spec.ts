import { expect, mainAxeViolations, test } from '../fixtures/test';
import { DeliveriesApi, HistoryPage, TrackingPage } from '../pages/tracking';

// The courier really drives: about a minute at SIM_TIME_SCALE 0.1 (lead, collection, ~2 miles).
test.describe.configure({ timeout: 240_000 });

test('an order is followed live from Pickup Confirmed to a photo proof of delivery', async ({
  signedInPage: page,
  request,
}) => {
  const api = await DeliveriesApi.of(page, request);
  const order = await api.placeOrder();
  const tracking = new TrackingPage(page);
  await tracking.goto(order.id);

  await expect(
    page.getByText(`Order ${order.orderNumber} from Nordstrom NorthPark Center`),
  ).toBeVisible();
  await expect(tracking.status).toHaveText('Pickup Confirmed');
  await expect(tracking.checkpoint('pickup_confirmed')).toHaveAttribute('data-reached', 'true');
  await expect(tracking.checkpoint('en_route')).toHaveAttribute('data-reached', 'false');
  await expect(page.getByTestId('courier-name')).toHaveText(/^[A-Z][a-z]+ [A-Z]\.$/);
  await expect(tracking.eta).toContainText('Estimated arrival');
  await expect(page.getByRole('img', { name: /Delivery map/ })).toBeVisible();
  await expect(page.getByTestId('live-mode')).toHaveText('Live');
  await expect(page.getByRole('button', { name: 'Cancel delivery' })).toBeVisible();

  await expect(tracking.status).toHaveText('En Route', { timeout: 90_000 });
  await expect(tracking.checkpoint('en_route')).toHaveAttribute('data-reached', 'true');
  await expect(page.getByRole('button', { name: 'Cancel delivery' })).toHaveCount(0);
  // The marker moves along the route as position events arrive.
  const start = await tracking.markerProgress();
  await expect.poll(() => tracking.markerProgress(), { timeout: 60_000 }).toBeGreaterThan(start);
  const later = await tracking.markerProgress();

  await expect(tracking.status).toHaveText('Arriving', { timeout: 90_000 });
  await expect(tracking.checkpoint('arriving')).toHaveAttribute('data-reached', 'true');
  expect(await tracking.markerProgress()).toBeGreaterThanOrEqual(later);
  await expect(page.getByTestId('delivery-announcement')).toContainText('Arriving.');

  await expect(tracking.status).toHaveText('Delivered', { timeout: 90_000 });
  await expect(tracking.checkpoint('delivered')).toHaveAttribute('data-reached', 'true');
  expect(await tracking.markerProgress()).toBe(1);
  await expect(page.getByRole('heading', { name: 'Proof of delivery' })).toBeVisible();
  await expect(page.getByTestId('proof-image')).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Delivery timeline' });
  await expect(timeline).toContainText('left your order at your door and took a photo');
  expect(await mainAxeViolations(page)).toEqual([]);
  // Usable on a 320 px phone: nothing wider than the screen.
  await page.setViewportSize({ width: 320, height: 720 });
  await expect(tracking.status).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Then it is in the history, delivered, linking back here.
  const history = new HistoryPage(page);
  await history.goto();
  const entry = history.entry(`Order ${order.orderNumber}`);
  await expect(entry).toContainText('Delivered');
  await entry.getByRole('link', { name: `Track order ${order.orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/delivery-tracking/${order.id}$`));
  await expect(tracking.status).toHaveText('Delivered');
});

test('a delivery is cancelled free of charge before the courier leaves the store', async ({
  signedInPage: page,
  request,
}) => {
  const api = await DeliveriesApi.of(page, request);
  // A 6-hour window: the courier is not on the way yet.
  const order = await api.placeOrder({ window: '6h' });
  const tracking = new TrackingPage(page);
  await tracking.goto(order.id);
  await page.getByRole('button', { name: 'Cancel delivery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this delivery?' });
  await dialog.getByRole('button', { name: 'Cancel delivery' }).click();
  await expect(tracking.status).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel delivery' })).toHaveCount(0);
});

test("an unknown or someone else's delivery shows a clear not-found page", async ({
  signedInPage: page,
  request,
  authApi,
}) => {
  const stranger = await authApi.createUser();
  const { token } = await authApi.login(stranger.username, stranger.password);
  const theirs = await new DeliveriesApi(request, token).placeOrder({ window: '6h' });
  const tracking = new TrackingPage(page);
  for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
    await tracking.goto(id);
    await expect(
      page.getByRole('heading', { name: "We couldn't find that delivery" }),
    ).toBeVisible();
  }
});

test('the tracker says when the signal is gone, keeps the delivery on screen, and catches up', async ({
  signedInPage: page,
  request,
  context,
}) => {
  const api = await DeliveriesApi.of(page, request);
  const order = await api.placeOrder();
  const tracking = new TrackingPage(page);
  await tracking.goto(order.id);
  await expect(tracking.status).toHaveText('Pickup Confirmed');
  await expect(page.getByTestId('live-mode')).toHaveText('Live');
  const notice = page.getByRole('status').filter({ hasText: "You're offline." });

  await context.setOffline(true);
  await expect(notice).toContainText(
    /You're offline\. Showing the last status from \d{1,2}:\d\d [AP]M CT\./,
    { timeout: 5_000 },
  );
  await expect(page.getByTestId('live-mode')).toHaveText('Offline');
  // What the page knew stays: the order, its status and the map.
  await expect(
    page.getByText(`Order ${order.orderNumber} from Nordstrom NorthPark Center`),
  ).toBeVisible();
  await expect(tracking.status).toHaveText('Pickup Confirmed');
  await expect(page.getByRole('img', { name: /Delivery map/ })).toBeVisible();

  // Back online, the stream resumes and the courier's progress made meanwhile reaches the page.
  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await expect(page.getByTestId('live-mode')).toHaveText('Live', { timeout: 20_000 });
  await expect(tracking.status).toHaveText('En Route', { timeout: 90_000 });
  await expect(tracking.checkpoint('en_route')).toHaveAttribute('data-reached', 'true');
});
