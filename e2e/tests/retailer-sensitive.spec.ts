import { request as playwrightRequest } from '@playwright/test';
import { startExtraServer } from '../fixtures/extra-server';
import { AuthApi, expect, ReAuthenticatePage, signInPage, test } from '../fixtures/test';

/**
 * Key changes need the recent password re-check, like the wallet. Outside the window
 * the onboarding page sends the person through /re-authenticate and back, and the change then
 * goes through. A 3-second window on a server of its own keeps the shared server's 10 minutes.
 */
test('rolling a key after the re-check window closed goes through /re-authenticate and back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const server = await startExtraServer({ SENSITIVE_AUTH_WINDOW_SECONDS: '3' });
  const context = await browser.newContext({ baseURL: server.baseURL });
  const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  try {
    const authApi = new AuthApi(api);
    const owner = await authApi.createUser({ firstName: 'Grace', lastName: 'Hopper' });
    const page = await context.newPage();
    await signInPage(page, authApi, owner);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    // Onboard at once, inside the fresh sign-in's window.
    const onboarded = await api.post('/api/retailer/account', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        businessName: `Window Shop ${crypto.randomUUID().slice(0, 8)}`,
        website: 'https://window.example.com',
        contactName: 'Grace Hopper',
        contactEmail: 'grace@window.example.com',
        contactPhone: '512 555 0100',
        stores: [
          {
            name: 'Congress Ave',
            line1: '500 Congress Ave',
            city: 'Austin',
            state: 'TX',
            zip: '78701',
            services: ['curbside'],
          },
        ],
      },
    });
    expect(onboarded.status(), await onboarded.text()).toBe(201);

    // The window closes; the token alone no longer changes keys.
    await page.waitForTimeout(3_500);
    await page.goto('/retailer-onboarding');
    await page.getByRole('button', { name: 'Roll test secret key' }).click();

    const reauth = new ReAuthenticatePage(page);
    await expect(reauth.heading()).toBeVisible();
    await expect(page).toHaveURL(/\/re-authenticate$/);
    await reauth.confirm(owner.password);

    await expect(page).toHaveURL(/\/retailer-onboarding$/);
    await page.getByRole('button', { name: 'Roll test secret key' }).click();
    await expect(page.getByTestId('secret-new-test-secret-key')).toHaveText(
      /^sk_test_[0-9A-Za-z]{32}$/,
    );

    // The owner was told, by email, of the account's creation and of the roll.
    const outbox = await api.get(`/api/dev/outbox?to=${encodeURIComponent(owner.email)}`);
    const subjects = ((await outbox.json()) as Array<{ subject: string }>).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Your CurbRun retailer account and API keys were created',
        'Your test secret API key was rolled',
      ]),
    );
  } finally {
    await context.close();
    await api.dispose();
    await server.stop();
  }
});
