import { openToasts, SiteHeader } from '../fixtures/site-header';
import { expect, mainAxeViolations, test } from '../fixtures/test';

test('a new default address shows in the avatar menu', async ({ signedInPage: page }) => {
  const header = new SiteHeader(page);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect(await mainAxeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 320, height: 720 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 720 });

  const addresses = page.getByRole('region', { name: 'Addresses' });
  for (const address of [
    { line1: '9100 Skillman St', zip: '75231' },
    { line1: '1200 Main St', zip: '75202' },
  ]) {
    await addresses.getByRole('button', { name: 'Add an address' }).click();
    const form = addresses.getByRole('form', { name: 'Add address' });
    await form.getByLabel('Street address').fill(address.line1);
    await form.getByLabel('City').fill('Dallas');
    await form.getByLabel('ZIP code').fill(address.zip);
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect(addresses.getByText(address.line1)).toBeVisible();
  }
  // The first saved address became the default.
  let menu = await header.openAccountMenu();
  await expect(menu).toContainText('9100 Skillman St');
  await page.keyboard.press('Escape');

  await addresses.getByRole('button', { name: 'Make 1200 Main St the default address' }).click();
  await expect(
    addresses.getByTestId('saved-address').filter({ hasText: '1200 Main St' }).getByText('Default'),
  ).toBeVisible();
  menu = await header.openAccountMenu();
  await expect(menu).toContainText('1200 Main St');
  await expect(menu).not.toContainText('9100 Skillman St');
});

test('changing the password signs out the other sessions', async ({
  signedInPage: page,
  authApi,
  account,
  request,
}) => {
  const other = await authApi.login(account.username, account.password);
  await page.goto('/settings');
  const section = page.getByRole('form', { name: 'Password' });
  await section.getByLabel('Current password').fill('Wrong!Passw0rd');
  await section.getByLabel('New password', { exact: true }).fill('N3w!Passw0rd-2026');
  await section.getByLabel('Confirm new password').fill('N3w!Passw0rd-2026');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Your current password is incorrect.')).toBeVisible();

  await section.getByLabel('Current password').fill(account.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(openToasts(page)).toContainText(
    'Password changed. You were signed out on every other device.',
  );
  const otherSession = await request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${other.token}` },
  });
  expect(otherSession.status()).toBe(401);
  // This one stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await authApi.login(account.username, 'N3w!Passw0rd-2026');
});

test('"Sign out of all other sessions" ends the other sessions and keeps this one', async ({
  signedInPage: page,
  authApi,
  account,
  request,
}) => {
  const other = await authApi.login(account.username, account.password);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Sessions' });
  await expect(section).toBeVisible();
  expect(await mainAxeViolations(page)).toEqual([]);
  await section.getByRole('button', { name: 'Sign out of all other sessions' }).click();
  await expect(openToasts(page)).toContainText(
    'You were signed out on every other device. This one stays signed in.',
  );
  const otherSession = await request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${other.token}` },
  });
  expect(otherSession.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
});

test('profile and notification preferences are saved', async ({ signedInPage: page }) => {
  await page.goto('/settings');
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('First name').fill('Grace');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(openToasts(page)).toContainText('Profile saved.');
  // The avatar's initials follow the new name.
  await expect(page.getByTestId('avatar')).toContainText('GL');

  await page.getByRole('checkbox', { name: 'Delivery progress by SMS' }).check();
  await page.getByRole('button', { name: 'Save notification preferences' }).click();
  await expect(page.getByText('Add a mobile number to get text messages')).toBeVisible();
  await page.getByLabel('Mobile number for text messages').fill('(214) 555-0142');
  await page.getByRole('button', { name: 'Save notification preferences' }).click();
  await expect(openToasts(page)).toContainText('Notification preferences saved.');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Delivery progress by SMS' })).toBeChecked();
  await expect(page.getByLabel('Mobile number for text messages')).toHaveValue('(214) 555-0142');
});

test('deleting the account signs out and the account can no longer sign in', async ({
  signedInPage: page,
  account,
  request,
}) => {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const login = await request.post('/api/auth/login', {
    data: { identifier: account.username, password: account.password },
  });
  expect(login.status()).toBe(401);
});
