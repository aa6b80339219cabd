import type { APIRequestContext } from '@playwright/test';
import { expect, mainAxeViolations, test } from '../fixtures/test';
import { CARDS, CustomerApi, fillCard } from '../pages/customer-common';

/**
 * `/checkout?session=`: a retailer's checkout, created here through the development
 * stand-in for the retailer API (the same `createCheckoutSession` server function).
 */

async function createSession(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await request.post('/api/dev/checkout-sessions', {
    data: {
      retailerId: 'nike',
      items: [
        { sku: 'PEG-41', name: 'Pegasus 41 running shoes', quantity: 1, unitPriceCents: 13_000 },
        { name: 'Dri-FIT socks (3 pack)', quantity: 2, unitPriceCents: 1_800 },
      ],
      customerInfo: { name: 'Ada Lovelace', email: 'ada@example.test' },
      ...body,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("a customer pays a retailer's checkout and gets an order pickup", async ({
  signedInPage: page,
  request,
}) => {
  const api = await CustomerApi.of(page, request);
  const sessionId = await createSession(request, {
    storeId: 'nike-south-congress',
    retailerOrderNumber: 'NK-2231',
  });
  await page.goto(`/checkout?session=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Your order from Nike' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Items in your order' })).toContainText(
    'Pegasus 41 running shoes',
  );
  await expect(page.getByText('$166.00')).toBeVisible();
  await expect(
    page.getByText('From Nike South Congress, 1400 S Congress Ave, Austin'),
  ).toBeVisible();

  await page.getByRole('radio', { name: /^Curbside pickup/ }).check();
  await page.getByRole('radio', { name: /^2-hour window/ }).check();
  // 3 items: small; $4.99 + $2.00 for the 2-hour window.
  await expect(page.getByTestId('total')).toHaveText('$6.99');
  await page.getByRole('button', { name: '$5.00' }).click();
  await page.getByRole('radio', { name: /^New card/ }).check();
  await fillCard(page, CARDS.success);
  expect(await mainAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Pay $11.99' }).click();

  await expect(page.getByText('Payment received')).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(orderNumber).toMatch(/^CR-\d{6}$/);
  const [order] = await api.orderPickups();
  expect(order).toMatchObject({
    orderNumber,
    storeName: 'Nike South Congress',
    status: 'confirmed',
  });
  expect(await api.orderPickup(order?.id ?? '')).toMatchObject({
    retailerOrderNumber: 'NK-2231',
    checkoutSessionId: sessionId,
    totalCents: 1199,
  });

  await page.reload();
  await expect(page.getByText('This checkout is already paid')).toBeVisible();
  await expect(page.getByText(`Order ${orderNumber} has been scheduled.`)).toBeVisible();
});

test('the customer chooses the store when the retailer did not', async ({
  signedInPage: page,
  request,
}) => {
  const sessionId = await createSession(request, {});
  await page.goto(`/checkout?session=${sessionId}`);
  await page
    .getByLabel('Store holding your order')
    .selectOption({ label: 'Nike Factory Store Allen (Allen)' });
  // That store offers curbside only.
  await expect(page.getByRole('radio', { name: /^Home delivery/ })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /^Curbside pickup/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Next day/ }).check();
  await expect(page.getByTestId('total')).toHaveText('$4.99');
});

test('an unknown checkout link says so', async ({ signedInPage: page }) => {
  await page.goto('/checkout?session=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Checkout not found')).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByText('This checkout link is incomplete')).toBeVisible();
});
