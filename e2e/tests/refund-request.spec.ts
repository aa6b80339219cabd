import { expect, test } from '../fixtures/test';
import { mainAxeViolations } from '../pages/curbside';
import { CustomerApi } from '../pages/customer-common';
import { DeliveriesApi } from '../pages/tracking';

// A 1×1 PNG, as a phone would attach it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a damaged item is refunded to the wallet, and asking twice is refused', async ({
  signedInPage: page,
  request,
}) => {
  const api = await DeliveriesApi.of(page, request);
  const customer = await CustomerApi.of(page, request);
  const order = await api.placeCurbsideOrder();
  await api.collectAtCurb(order.orderNumber);
  await api.waitForDelivery(order.id, 'delivered');
  const before = await customer.walletBalance();

  // From the tracking page's "Report a problem".
  await page.goto(`/delivery-tracking/${order.id}`);
  await page.getByRole('link', { name: 'Report a problem' }).click();
  await expect(page).toHaveURL(new RegExp(`/refund-request\\?order=${order.id}$`));
  await expect(page.getByLabel('Order')).toHaveValue(order.id);
  await page.getByRole('radio', { name: /Damaged item/ }).check();
  expect(await mainAxeViolations(page)).toEqual([]);
  await page.getByLabel('Value of the item (dollars)').fill('24.50');
  await page.getByLabel('What happened?').fill('The jacket zip was torn when I opened the bag.');
  await page
    .getByLabel('Photos (optional)')
    .setInputFiles([
      { name: 'not-a-photo.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    ]);
  await expect(page.getByRole('alert').filter({ hasText: 'not-a-photo.txt' })).toContainText(
    'Photos must be JPEG, PNG or WebP images',
  );
  await page
    .getByLabel('Photos (optional)')
    .setInputFiles([{ name: 'zip.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(page.getByRole('img', { name: 'Chosen file 1: zip.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Send refund request' }).click();

  const requests = page.getByTestId('refund-request');
  await expect(requests.first()).toContainText(`Order ${order.orderNumber} · Damaged item`);
  await expect(requests.first()).toContainText('1 photo');
  // The automatic review decides within seconds at this time scale.
  await expect(requests.first()).toContainText('Approved', { timeout: 30_000 });
  await expect(page.getByTestId('refund-outcome')).toHaveText('$24.50 credited to your wallet');
  expect(await customer.walletBalance()).toBe(before + 2450);

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText(
    `$${((before + 2450) / 100).toFixed(2)}`,
  );

  // Same order, same reason: refused with the server's message.
  await page.goto(`/refund-request?order=${order.id}`);
  await expect(page.getByLabel('Order')).toHaveValue(order.id);
  await page.getByRole('radio', { name: /Damaged item/ }).check();
  await page.getByLabel('Value of the item (dollars)').fill('10');
  await page.getByLabel('What happened?').fill('Another problem with the same order.');
  await page.getByRole('button', { name: 'Send refund request' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You already asked for a refund' }),
  ).toContainText(`order ${order.orderNumber} for "Damaged item" (status: approved)`);
  expect(await customer.walletBalance()).toBe(before + 2450);
});

test('a late-delivery request before the window ends is refused and nothing is stored', async ({
  signedInPage: page,
  request,
}) => {
  const api = await DeliveriesApi.of(page, request);
  const order = await api.placeOrder({ window: '6h' });
  await page.goto('/refund-request');
  await page.getByLabel('Order').selectOption(order.id);
  await page.getByRole('radio', { name: /Late delivery/ }).check();
  await expect(page.getByRole('radio', { name: /Original payment method/ })).toBeVisible();
  await page.getByLabel('What happened?').fill('It has not arrived yet and I am worried.');
  await page.getByRole('button', { name: 'Send refund request' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This order is not late' })).toBeVisible();
  await expect(page.getByText('You have not asked for a refund yet.')).toBeVisible();
});
