import { expect, mainAxeViolations, test } from '../fixtures/test';
import { CARDS, CustomerApi, fillCard } from '../pages/customer-common';
import { SchedulePickupPage } from '../pages/customer-schedule';

/**
 * Scheduling a pickup end to end: the five steps on the composed site, paid by card and
 * by wallet, the draft across reloads, the draft guard, one order per double click, and a
 * declined card that keeps the form.
 */

test('a customer schedules a curbside pickup and pays by card', async ({
  signedInPage: page,
  request,
}) => {
  const flow = new SchedulePickupPage(page);
  const api = await CustomerApi.of(page, request);

  await page.goto('/schedule-pickup');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Pickup' })).toBeVisible();
  for (const label of [
    'Store Details',
    'Order Details',
    'Delivery Details',
    'Payment',
    'Complete',
  ]) {
    await expect(flow.progress).toContainText(label);
  }
  await page.getByRole('button', { name: 'Start scheduling' }).click();
  await flow.expectStep('store-details', 'Store Details');

  // Each step says what is missing before going on.
  await flow.next();
  await expect(page.getByText('Choose a retailer')).toBeVisible();
  await page.getByLabel('Search retailers or stores').fill('northpark');
  await page.getByLabel('Category').selectOption('Fashion');
  await flow.chooseStore('Nordstrom', 'Nordstrom NorthPark Center');
  await flow.next();

  await flow.expectStep('order-details', 'Order Details');
  await expect(page.getByLabel('Name on the order')).toHaveValue('Ada Lovelace');
  await page.getByLabel('Number of bags').fill('0');
  await flow.next();
  await expect(page.getByText("Enter the retailer's order number")).toBeVisible();
  await expect(page.getByText('Number of bags must be between 1 and 20')).toBeVisible();
  await expect(page.getByText('Choose a size and weight')).toBeVisible();
  await flow.fillOrderDetails({
    orderNumber: 'NP-4471',
    bags: 2,
    size: 'Medium',
    notes: 'Two bags',
  });
  await flow.next();

  await flow.expectStep('delivery-details', 'Delivery Details');
  await flow.chooseDelivery('Curbside pickup');
  // Every window is open at the curb; the live price follows the choice.
  await expect(flow.window('ASAP')).toHaveAccessibleName(/\$9\.49$/);
  await flow.window('6-hour window').check();
  await expect(page.getByTestId('total')).toHaveText('$6.49');
  await flow.next();

  await flow.expectStep('payment', 'Payment');
  await expect(page.getByText('Nordstrom NorthPark Center, 8687 N Central Expy')).toBeVisible();
  await flow.chooseTip('$3.00');
  await expect(page.getByTestId('total')).toHaveText('$9.49');
  await page.getByRole('radio', { name: /^New card/ }).check();
  await flow.payButton.click();
  await expect(page.getByText('Card number is required')).toBeVisible();
  await fillCard(page, CARDS.success);
  await expect(flow.payButton).toHaveText('Pay $9.49');
  await flow.payButton.click();

  await flow.expectStep('complete', 'Complete');
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(orderNumber).toMatch(/^CR-\d{6}$/);
  await expect(page.getByText('What happens next')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start curbside pickup' })).toHaveAttribute(
    'href',
    `/curbside-pickup?orderNumber=${orderNumber}`,
  );

  const orders = await api.orderPickups();
  expect(orders[0]).toMatchObject({
    orderNumber,
    storeName: 'Nordstrom NorthPark Center',
    status: 'confirmed',
  });
  const tracking = page.getByRole('link', { name: 'Track your order' });
  await expect(tracking).toHaveAttribute('href', `/delivery-tracking/${orders[0]?.id}`);
  const detail = await api.orderPickup(orders[0]?.id ?? '');
  expect(detail).toMatchObject({
    feeCents: 649,
    tipCents: 300,
    totalCents: 949,
    payment: { cardLast4: '4242' },
  });
  expect(await mainAxeViolations(page)).toEqual([]);
});

test('a customer pays a home delivery from the wallet', async ({ signedInPage: page, request }) => {
  const flow = new SchedulePickupPage(page);
  const api = await CustomerApi.of(page, request);
  await api.topUp(5000);

  await flow.open();
  await flow.chooseStore('Nordstrom', 'Nordstrom NorthPark Center');
  await flow.next();
  await flow.fillOrderDetails({ orderNumber: 'NP-9001', bags: 1, size: 'Small' });
  await flow.next();
  await flow.chooseDelivery('Home delivery');
  // No saved address yet: a new one is asked for; outside the service area is explained.
  await flow.fillNewAddress({ line1: '1 Ocean Dr', city: 'Miami', zip: '33139' });
  await expect(
    page.getByText("We don't deliver to ZIP code 33139 yet.", { exact: false }),
  ).toBeVisible();
  await flow.fillNewAddress({ line1: '4300 Lovers Ln', city: 'Dallas', zip: '75225' });
  await expect(flow.window('ASAP')).toBeEnabled();
  await flow.window('ASAP').check();
  await expect(page.getByTestId('total')).toHaveText('$9.99');
  expect(await mainAxeViolations(page)).toEqual([]);
  await flow.next();

  await flow.expectStep('payment', 'Payment');
  await expect(page.getByText('4300 Lovers Ln, Dallas, TX 75225')).toBeVisible();
  await page.getByRole('radio', { name: /^Wallet/ }).check();
  await expect(page.getByRole('radio', { name: /^Wallet/ })).toHaveAccessibleName(
    /Balance \$50\.00/,
  );
  await flow.chooseTip('$2.00');
  await flow.payButton.click();

  await flow.expectStep('complete', 'Complete');
  await expect(page.getByText('Paid $11.99 from your wallet')).toBeVisible();
  // Home delivery has no curbside link.
  await expect(page.getByRole('link', { name: 'Start curbside pickup' })).toHaveCount(0);
  expect(await api.walletBalance()).toBe(5000 - 1199);
});

test('a reload in the middle keeps the draft', async ({ signedInPage: page }) => {
  const flow = new SchedulePickupPage(page);
  await flow.open();
  await flow.chooseStore('Nike', 'Nike South Congress');
  await flow.next();
  await flow.fillOrderDetails({ orderNumber: 'NK-123', bags: 3, size: 'Large', notes: 'Shoebox' });
  await page.reload();

  await flow.expectStep('order-details', 'Order Details');
  await expect(page.getByLabel("Retailer's order number")).toHaveValue('NK-123');
  await expect(page.getByLabel('Number of bags')).toHaveValue('3');
  await expect(page.getByRole('radio', { name: /^Large/ })).toBeChecked();
  await flow.next();
  await flow.chooseDelivery('Curbside pickup');
  await flow.window('4-hour window').check();
  await page.reload();

  await flow.expectStep('delivery-details', 'Delivery Details');
  await expect(page.getByRole('radio', { name: /^Curbside pickup/ })).toBeChecked();
  await expect(flow.window('4-hour window')).toBeChecked();
  await flow.back();
  await flow.back();
  await flow.expectStep('store-details', 'Store Details');
  await expect(page.getByRole('radio', { name: /^Nike South Congress/ })).toBeChecked();
});

test('jumping ahead lands on the first incomplete step', async ({ signedInPage: page }) => {
  const flow = new SchedulePickupPage(page);
  await page.goto('/schedule-pickup/payment');
  await flow.expectStep('store-details', 'Store Details');
  await page.goto('/schedule-pickup/complete');
  await flow.expectStep('store-details', 'Store Details');

  await flow.chooseStore('Zara', 'Zara NorthPark Center');
  await page.goto('/schedule-pickup/delivery-details');
  await flow.expectStep('order-details', 'Order Details');
});

test('double-clicking Pay creates one order', async ({ signedInPage: page, request }) => {
  const flow = new SchedulePickupPage(page);
  const api = await CustomerApi.of(page, request);
  await flow.throughDeliveryCurbside('NP-DOUBLE');
  await page.getByRole('radio', { name: /^New card/ }).check();
  await fillCard(page, CARDS.success);
  await flow.payButton.dblclick();
  await flow.expectStep('complete', 'Complete');
  const orders = await api.orderPickups();
  expect(orders).toHaveLength(1);
});

test('a declined card shows its message and keeps the form', async ({
  signedInPage: page,
  request,
}) => {
  const flow = new SchedulePickupPage(page);
  const api = await CustomerApi.of(page, request);
  await flow.throughDeliveryCurbside('NP-DECLINE');
  await page.getByRole('radio', { name: /^New card/ }).check();
  await fillCard(page, CARDS.declined);
  await flow.payButton.click();

  const alert = page.getByRole('alert').filter({ hasText: 'Payment failed' });
  await expect(alert).toContainText(
    'Your card was declined. Try another card or pay from your wallet.',
  );
  await flow.expectStep('payment', 'Payment');
  await expect(page.getByLabel('Card number')).toHaveValue(CARDS.declined);
  await expect(page.getByLabel('Name on card')).toHaveValue('Ada Lovelace');
  await expect(flow.payButton).toBeEnabled();
  expect(await api.orderPickups()).toEqual([]);

  // Insufficient funds has its own message; another card then goes through, once.
  await page.getByLabel('Card number').fill(CARDS.insufficientFunds);
  await flow.payButton.click();
  await expect(alert).toContainText('Your card has insufficient funds.');
  await page.getByLabel('Card number').fill(CARDS.success);
  await flow.payButton.click();
  await flow.expectStep('complete', 'Complete');
  expect(await api.orderPickups()).toHaveLength(1);
});

test('signed out, the flow sends you to /auth and back after login', async ({
  page,
  account,
  authPage,
}) => {
  await page.goto('/schedule-pickup/store-details');
  await expect(page).toHaveURL(/\/auth$/);
  await authPage.login(account.username, account.password);
  await expect(page).toHaveURL(/\/schedule-pickup\/store-details$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Store Details' })).toBeVisible();
});
