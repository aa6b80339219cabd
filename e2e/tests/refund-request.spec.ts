import { randomUUID } from 'node:crypto';
import { expect, mainAxeViolations, test } from '../fixtures/test';
import { CARD_EXPIRY, CARDS, CustomerApi } from '../pages/customer-common';
import { DeliveriesApi, type PlacedOrder } from '../pages/tracking';

// A 1×1 PNG, as a phone would attach it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A curbside order made from a checkout session that lists its items (here a $24.50 jacket),
 * created through the unauthenticated development route: anyone on the machine can list any item
 * at any value there, so its prices never back an automatic credit (docs/security.md).
 */
async function placeRetailerOrder(api: DeliveriesApi): Promise<PlacedOrder> {
  const session = await api.request.post('/api/dev/checkout-sessions', {
    data: {
      retailerId: 'nike',
      storeId: 'nike-south-congress',
      items: [{ name: 'Windrunner jacket', quantity: 1, unitPriceCents: 2_450 }],
      customerInfo: { name: 'Ada Lovelace' },
    },
  });
  expect(session.status(), await session.text()).toBe(201);
  const { id } = (await session.json()) as { id: string };
  const completed = await api.request.post(`/api/checkout-sessions/${id}/complete`, {
    headers: { ...api.headers, 'idempotency-key': randomUUID() },
    data: {
      deliveryType: 'curbside',
      window: '6h',
      tipCents: 0,
      payment: {
        type: 'card',
        card: { number: CARDS.success, expiry: CARD_EXPIRY, cvc: '123', name: 'Ada Lovelace' },
      },
    },
  });
  expect(completed.status(), await completed.text()).toBe(201);
  return completed.json();
}

test('a damaged item listed through the development route goes to review, and asking twice is refused', async ({
  signedInPage: page,
  request,
}) => {
  const api = await DeliveriesApi.of(page, request);
  const customer = await CustomerApi.of(page, request);
  const order = await placeRetailerOrder(api);
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

  const claim = page.getByTestId('refund-request').first();
  await expect(claim).toContainText(`Order ${order.orderNumber} · Damaged item`);
  await expect(claim).toContainText('1 photo');
  // The automatic review decides within seconds at this time scale.
  await expect(claim.getByTestId('refund-status')).toHaveText('In review', { timeout: 30_000 });
  await expect(claim).toContainText(
    "This order's item prices came from a retailer we have not vetted yet, so they cannot back an automatic credit.",
  );
  await expect(claim.getByTestId('refund-outcome')).toHaveCount(0);
  expect(await customer.walletBalance()).toBe(before);

  // Same order, same reason: refused with the server's message.
  await page.goto(`/refund-request?order=${order.id}`);
  await expect(page.getByLabel('Order')).toHaveValue(order.id);
  await page.getByRole('radio', { name: /Damaged item/ }).check();
  await page.getByLabel('Value of the item (dollars)').fill('10');
  await page.getByLabel('What happened?').fill('Another problem with the same order.');
  await page.getByRole('button', { name: 'Send refund request' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You already asked for a refund' }),
  ).toContainText(`order ${order.orderNumber} for "Damaged item" (status: in review)`);
  expect(await customer.walletBalance()).toBe(before);
});

test('a claim the platform cannot check goes to review, and the page says why', async ({
  signedInPage: page,
  request,
}) => {
  const api = await DeliveriesApi.of(page, request);
  const customer = await CustomerApi.of(page, request);
  // The order: $4.99 curbside + $3.00 tip, scheduled by the customer (no items listed).
  const order = await api.placeOrder({
    deliveryType: 'curbside',
    address: undefined,
    window: '6h',
    tipCents: 300,
  });
  expect(order.totalCents).toBe(799);
  await api.collectAtCurb(order.orderNumber);
  await api.waitForDelivery(order.id, 'delivered');
  const before = await customer.walletBalance();

  await page.goto(`/refund-request?order=${order.id}`);
  // The page says up front what is approved at once and what a specialist checks.
  const rules = page.getByRole('region', { name: 'What happens to your claim' });
  await expect(rules).toContainText('Approved automatically, within minutes');
  await expect(rules).toContainText('on an order whose items the retailer sent us');
  await expect(rules).toContainText("the retailer did not send us the order's items");
  await expect(rules).toContainText('replies by email within 2 business days');

  await expect(page.getByLabel('Order')).toHaveValue(order.id);
  await page.getByRole('radio', { name: /Damaged item/ }).check();
  await page.getByLabel('Value of the item (dollars)').fill('250');
  await page.getByLabel('What happened?').fill('Everything in the bag was crushed.');
  await page.getByRole('button', { name: 'Send refund request' }).click();

  const claim = page.getByTestId('refund-request').first();
  await expect(claim).toContainText(`Order ${order.orderNumber} · Damaged item`);
  await expect(claim.getByTestId('refund-status')).toHaveText('In review', { timeout: 30_000 });
  await expect(claim).toContainText(
    'The retailer did not send us the items of this order, so we cannot check the value you gave.',
  );
  await expect(claim.getByTestId('refund-outcome')).toHaveCount(0);
  expect(await mainAxeViolations(page)).toEqual([]);
  expect(await customer.walletBalance()).toBe(before);
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
