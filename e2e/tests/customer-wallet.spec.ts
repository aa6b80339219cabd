import { expect, mainAxeViolations, test } from '../fixtures/test';
import { CARDS, CustomerApi, fillCard } from '../pages/customer-common';

/** `/wallet`: balance, adding funds by card, the ledger, saved cards. */

test('a customer adds funds by card and sees them in the ledger', async ({
  signedInPage: page,
  request,
}) => {
  const api = await CustomerApi.of(page, request);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
  await expect(page.getByText('No activity yet. Add funds to get started.')).toBeVisible();

  await page.getByRole('button', { name: '$50.00' }).click();
  await fillCard(page, CARDS.declined);
  await page.getByRole('button', { name: 'Add $50.00' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment failed' })).toContainText(
    'Your card was declined.',
  );
  await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');

  await page.getByLabel('Card number').fill(CARDS.success);
  await page.getByRole('button', { name: 'Add $50.00' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('$50.00');
  const activity = page.getByRole('table', { name: 'Wallet activity, newest first' });
  await expect(activity.getByRole('row').nth(1)).toContainText('Added $50.00 to the wallet');
  await expect(activity.getByRole('row').nth(1)).toContainText('+$50.00');
  // The card was saved ("Save this card" is on by default) and is now offered first.
  await expect(page.getByRole('list', { name: 'Saved cards' })).toContainText('Visa •••• 4242');
  await expect(page.getByRole('radio', { name: /^Visa •••• 4242/ })).toBeChecked();

  // Amount limits are explained.
  await page.getByLabel('Amount (dollars)').fill('2');
  await expect(page.getByText('Add between $5.00 and $500.00')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add funds' })).toBeDisabled();

  // Pages and filters.
  for (let i = 0; i < 11; i += 1) await api.topUp(500);
  await page.reload();
  await expect(page.getByText('Page 1 of 2 · 12 entries')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Page 2 of 2 · 12 entries')).toBeVisible();
  await expect(activity.getByRole('row')).toHaveCount(3);
  await expect(activity).toContainText('Added $50.00 to the wallet');
  await page.getByLabel('Type').selectOption('payment');
  await expect(page.getByText('No activity matches these filters.')).toBeVisible();
  await page.getByLabel('Type').selectOption('top_up');
  await expect(page.getByText('Page 1 of 2 · 12 entries')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(page.getByText('No activity matches these filters.')).toBeVisible();
  expect(await mainAxeViolations(page)).toEqual([]);
});

test('a customer manages saved cards', async ({ signedInPage: page }) => {
  await page.goto('/wallet');
  await expect(page.getByText('No saved cards yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add a card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog.getByText('Card number is required')).toBeVisible();
  await fillCard(dialog, CARDS.declined);
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your card was declined.');
  await fillCard(dialog, CARDS.success);
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add a card' }).click();
  await fillCard(dialog, '5555 5555 5555 4444', 'Ada L');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();

  const cards = page.getByRole('list', { name: 'Saved cards' });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(cards.getByRole('listitem').first()).toContainText('Visa •••• 4242');
  await expect(cards.getByRole('listitem').first()).toContainText('Default');

  await page.getByRole('button', { name: 'Make Mastercard •••• 4444 the default' }).click();
  await expect(cards.getByRole('listitem').first()).toContainText('Mastercard •••• 4444');
  await expect(cards.getByRole('listitem').first()).toContainText('Default');

  await page.getByRole('button', { name: 'Remove Mastercard •••• 4444' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this card?' });
  await confirm.getByRole('button', { name: 'Remove card' }).click();
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByRole('listitem').first()).toContainText('Visa •••• 4242');
  await expect(cards.getByRole('listitem').first()).toContainText('Default');
});

test('the wallet is behind the sign-in guard', async ({ page }) => {
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/auth$/);
});
