import { expect, mainAxeViolations, test } from '../fixtures/test';
import { CARDS, fillCard } from '../pages/customer-common';
import { SchedulePickupPage } from '../pages/customer-schedule';

/** `/subscribe`: plans, subscribing with payment, the benefit in prices, cancelling. */

test('a customer subscribes, gets free curbside pickup, and cancels', async ({
  signedInPage: page,
}) => {
  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe' })).toBeVisible();
  await expect(page.getByText("You don't have a plan")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'CurbRun Plus' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'CurbRun Premium' })).toBeVisible();

  await page.getByRole('button', { name: 'Choose CurbRun Plus' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to CurbRun Plus' })).toBeFocused();
  await page.getByRole('radio', { name: /^New card/ }).check();
  await fillCard(page, CARDS.insufficientFunds);
  await page.getByRole('button', { name: 'Subscribe for $9.99/month' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment failed' })).toContainText(
    'Your card has insufficient funds.',
  );
  await page.getByLabel('Card number').fill(CARDS.success);
  await page.getByRole('button', { name: 'Subscribe for $9.99/month' }).click();

  await expect(page.getByRole('heading', { name: 'Your plan: CurbRun Plus' })).toBeVisible();
  await expect(page.getByText(/^Active\. Renews on .+ for \$9\.99\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose CurbRun Premium' })).toBeDisabled();
  expect(await mainAxeViolations(page)).toEqual([]);

  // The benefit shows in the live price: curbside is free.
  const flow = new SchedulePickupPage(page);
  await flow.open();
  await flow.chooseStore('Nordstrom', 'Nordstrom NorthPark Center');
  await flow.next();
  await flow.fillOrderDetails({ orderNumber: 'NP-PLUS', bags: 1, size: 'Small' });
  await flow.next();
  await flow.chooseDelivery('Curbside pickup');
  await flow.window('6-hour window').check();
  await expect(page.getByText('CurbRun Plus: free curbside pickup')).toBeVisible();
  await expect(page.getByTestId('total')).toHaveText('$0.00');

  await page.goto('/subscribe');
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel CurbRun Plus?' });
  await dialog.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(
    page.getByText(/^Cancelled\. Your benefits last until .+; it will not renew\.$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel plan' })).toHaveCount(0);
});

test('signed out, the plans are shown and subscribing asks to log in first', async ({
  page,
  account,
  authPage,
}) => {
  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { name: 'CurbRun Premium' })).toBeVisible();
  await page.getByRole('button', { name: 'Log in to subscribe to CurbRun Premium' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await authPage.login(account.username, account.password);
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('button', { name: 'Choose CurbRun Premium' })).toHaveText(
    'Choose CurbRun Premium',
  );
});
