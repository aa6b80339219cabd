import { expect, mainAxeViolations, test } from '../fixtures/test';
import { DeliveriesApi, HistoryPage } from '../pages/tracking';

test('the history lists order and curbside pickups newest first, filtered, searched and reordered', async ({
  signedInPage: page,
  request,
}) => {
  const api = await DeliveriesApi.of(page, request);
  const home = await api.placeOrder({ window: '6h' });
  const curbside = await api.placeCurbsideOrder();
  await api.collectAtCurb(curbside.orderNumber);
  await api.waitForDelivery(curbside.id, 'delivered');

  const history = new HistoryPage(page);
  await history.goto();
  await expect(history.entries).toHaveCount(3);
  // Newest first: the curbside visit, its order, then the home delivery.
  await expect(history.entries.nth(0)).toContainText(`Curbside pickup ${curbside.orderNumber}`);
  await expect(history.entries.nth(1)).toContainText(`Order ${curbside.orderNumber}`);
  await expect(history.entries.nth(1)).toContainText('Delivered');
  await expect(history.entries.nth(2)).toContainText(`Order ${home.orderNumber}`);
  await expect(history.entries.nth(2)).toContainText('Delivery: Pickup Confirmed');
  expect(await mainAxeViolations(page)).toEqual([]);

  await page.getByLabel('Status').selectOption('active');
  await expect(page).toHaveURL(/\?status=active$/);
  await expect(history.entries).toHaveCount(1);
  await expect(history.entries.first()).toContainText(home.orderNumber);

  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Order number').fill(curbside.orderNumber.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(history.entries).toHaveCount(2);
  await page.getByLabel('Order number').fill('CR-000000');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No pickups match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(history.entries).toHaveCount(3);

  // The curbside visit opens the curbside tracker.
  await history.entries
    .nth(0)
    .getByRole('link', { name: `Track curbside pickup ${curbside.orderNumber}` })
    .click();
  await expect(page).toHaveURL(/\/curbside-pickup\?pickup=/);
  await history.goto();

  // Order again: the scheduling flow opens at order details with the order's details.
  await history.entries
    .nth(2)
    .getByRole('button', { name: `Order again like ${home.orderNumber}` })
    .click();
  await expect(page).toHaveURL(/\/schedule-pickup\/order-details$/);
  await expect(page.getByLabel('Name on the order')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel("Retailer's order number")).toHaveValue('');
});

test('the history needs a signed-in customer and starts empty', async ({
  page,
  authApi,
  account,
}) => {
  await page.goto('/pickup-history');
  await expect(page).toHaveURL(/\/auth$/);
  const { token, userId } = await authApi.login(account.username, account.password);
  await page.evaluate(
    ({ t, u }) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userID', u);
      localStorage.setItem('sensitiveAuthTime', String(Date.now()));
    },
    { t: token, u: userId },
  );
  await page.goto('/pickup-history');
  await expect(page.getByText('No pickups yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Schedule a Pickup' }).last()).toBeVisible();
});
