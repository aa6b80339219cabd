import { expect, mainAxeViolations, test } from '../fixtures/test';
import { SchedulePickupPage } from '../pages/customer-schedule';

/** `/store-selection`: browse by category and metro area, then start the flow. */

test('browsing by category and metro area and starting a pickup from a store', async ({
  signedInPage: page,
}) => {
  await page.goto('/store-selection');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a Store' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /stores from 13 retailers/ }),
  ).toBeVisible();

  await page.getByLabel('Category').selectOption('Beauty');
  await page.getByLabel('Metro area').selectOption('Austin');
  await expect(page).toHaveURL(/category=Beauty/);
  await expect(page.getByRole('heading', { level: 2, name: 'Sephora' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Nike' })).toHaveCount(0);
  expect(await mainAxeViolations(page)).toEqual([]);

  await page.getByLabel('Search retailers or stores').fill('nowhere at all');
  await expect(page.getByText('No stores match your search.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Search retailers or stores').fill('domain sephora');

  await page.getByRole('link', { name: 'Schedule a pickup here at Sephora The Domain' }).click();
  await expect(page).toHaveURL(/\/schedule-pickup\/store-details$/);
  await expect(page.getByRole('radio', { name: /^Sephora The Domain/ })).toBeChecked();
  await new SchedulePickupPage(page).next();
  await expect(page).toHaveURL(/\/schedule-pickup\/order-details$/);
});
