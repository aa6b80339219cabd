import { type Page, request as playwrightRequest } from '@playwright/test';
import { startExtraServer } from '../fixtures/extra-server';
import {
  AuthApi,
  AuthPage,
  axeViolations,
  expect,
  newAccountData,
  openToasts,
  ReAuthenticatePage,
  SiteHeader,
  signInPage,
  test,
} from '../fixtures/test';

const walletHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Wallet' });

const WINDOW_SECONDS = 10;

test.describe('accounts: the whole journey', () => {
  // A 10-second sensitive window on a server of its own, so the shared e2e server keeps the
  // default 10 minutes for every other suite. Long enough for sign-in → avatar menu → Wallet on a
  // loaded CI machine (3 s was not); the test then waits only for what is left of it.
  test('register → verify → sign in → wallet → window expires → re-authenticate → log out', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const server = await startExtraServer({
      SENSITIVE_AUTH_WINDOW_SECONDS: String(WINDOW_SECONDS),
    });
    const context = await browser.newContext({ baseURL: server.baseURL });
    const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    try {
      const page = await context.newPage();
      const authPage = new AuthPage(page);
      const header = new SiteHeader(page);
      const account = newAccountData({ firstName: 'Grace', lastName: 'Hopper' });

      // Register through the form.
      await authPage.goto('register');
      await expect(authPage.tab('Register')).toHaveAttribute('aria-selected', 'true');
      await authPage.register(account);
      await expect(openToasts(page)).toContainText('Registration Successful');
      await expect(authPage.tab('Login')).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\/auth\?mode=login$/);

      // The verification link from the development outbox.
      const link = await new AuthApi(api).verificationLink(account.email);
      await page.goto(link);
      await expect(openToasts(page)).toContainText('Email verified!');
      await expect(openToasts(page)).toContainText('You can now log in.');
      await expect(page).toHaveURL(`${server.baseURL}/`);

      // Sign in through the form.
      await authPage.goto('login');
      await authPage.login(account.email, account.password);
      await expect(page).toHaveURL(`${server.baseURL}/`);
      await expect(header.avatar).toHaveText('GH');
      const stored = await page.evaluate(() => ({
        token: localStorage.getItem('token'),
        userID: localStorage.getItem('userID'),
        sensitiveAuthTime: Number(localStorage.getItem('sensitiveAuthTime')),
      }));
      expect(stored.token).toMatch(/^[\w-]{43}$/);
      expect(stored.userID).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.now() - stored.sensitiveAuthTime).toBeLessThan(60_000);

      // The avatar menu, by keyboard.
      await header.avatar.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Account' });
      await expect(menu).toBeVisible();
      await expect(menu.getByText('Grace Hopper')).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Add a delivery address' })).toBeVisible();
      await expect(menu.getByText(account.email)).toBeVisible();
      for (const item of ['Account', 'Wallet', 'Settings', 'Log out']) {
        await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
      }
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(header.avatar).toBeFocused();

      // Inside the window (login opened it): Wallet passes the guard.
      await header.chooseFromAccountMenu('Wallet');
      await expect(walletHeading(page)).toBeVisible();
      await expect(page).toHaveURL(/\/wallet$/);

      // After the window: Account (also /wallet) sends to /re-authenticate.
      await page.getByRole('link', { name: 'CurbRun home' }).click();
      await page.waitForTimeout(
        Math.max(0, stored.sensitiveAuthTime + WINDOW_SECONDS * 1000 + 500 - Date.now()),
      );
      await header.chooseFromAccountMenu('Account');
      const reAuth = new ReAuthenticatePage(page);
      await expect(reAuth.heading()).toBeVisible();
      await expect(page).toHaveURL(/\/re-authenticate$/);
      expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterSensitiveAuth'))).toBe(
        '"/wallet"',
      );

      // A wrong password first, then the right one returns to /wallet.
      await reAuth.confirm('Wrong#Pass1');
      await expect(openToasts(page)).toContainText('Authentication failed');
      await expect(openToasts(page)).toContainText('The password is incorrect.');
      await reAuth.confirm(account.password);
      await expect(openToasts(page)).toContainText('Authentication successful');
      await expect(walletHeading(page)).toBeVisible();
      await expect(page).toHaveURL(/\/wallet$/);

      // Log out: the session ends on the server too.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      await header.logOut();
      await expect(openToasts(page)).toContainText('Logout successful');
      await expect(openToasts(page)).toContainText('You have been logged out.');
      await expect(page).toHaveURL(`${server.baseURL}/`);
      await expect(header.loginLink).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const me = await api.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(401);
    } finally {
      await context.close();
      await api.dispose();
      await server.stop();
    }
  });
});

test.describe('accounts on the shared server', () => {
  test('a signed-out visit of a protected page returns to it after login', async ({
    page,
    account,
    authPage,
    header,
  }) => {
    await page.goto('/wallet');
    await expect(page).toHaveURL(/\/auth$/);
    await authPage.login(account.username, account.password);
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(walletHeading(page)).toBeVisible();
    await expect(header.avatar).toHaveText('AL');
    // The remembered target is used once.
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBeNull();
  });

  test('the signedInPage fixture starts signed in; a signed-in visitor of /auth goes home', async ({
    signedInPage: page,
    header,
  }) => {
    await page.goto('/auth?mode=login');
    await expect(page).toHaveURL(/\/$/);
    await expect(header.avatar).toBeVisible();
  });

  test('only one toast shows at a time (two failed logins in a row)', async ({
    page,
    account,
    authPage,
  }) => {
    await authPage.goto('login');
    await authPage.login(account.username, 'Wrong#Pass1');
    await expect(openToasts(page)).toHaveCount(1);
    await expect(openToasts(page)).toContainText('Login failed');
    await expect(openToasts(page)).toContainText('Invalid email/username or password.');
    await expect(authPage.loginForm.getByRole('alert')).toContainText(
      'Invalid email/username or password.',
    );
    await authPage.login(account.email, 'Wrong#Pass2');
    await expect(authPage.loginButton).toBeEnabled();
    await expect(openToasts(page)).toHaveCount(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the login form shows the validation messages and a spinner while pending', async ({
    page,
    account,
    authPage,
  }) => {
    await authPage.goto('login');
    await authPage.loginButton.click();
    await expect(authPage.loginForm).toContainText('Email or username is required');
    await authPage.loginForm.getByLabel('Password', { exact: true }).fill('12345');
    await authPage.loginForm.getByLabel('Password', { exact: true }).blur();
    await expect(authPage.loginForm).toContainText('Password must be at least 6 characters');

    // Hold the answer to see the pending state.
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await authPage.login(account.username, account.password);
    const button = authPage.loginForm.getByRole('button', { name: /Login/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(page).toHaveURL(/\/$/);
  });

  test('registration validates with the product messages and scores the password', async ({
    authPage,
  }) => {
    await authPage.goto('register');
    const form = authPage.registerForm;
    await authPage.registerButton.click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Username must be at least 3 characters',
      'Invalid email address',
      'Password must be at least 8 characters',
    ]) {
      await expect(form).toContainText(message);
    }
    const password = form.getByLabel('Password', { exact: true });
    const meter = form.getByRole('meter', { name: 'Password strength' });
    for (const [value, level] of [
      ['abcdefg1', 'Weak'],
      ['Abcde1!x9z', 'Medium'],
      ['Abcde1!x9zqw', 'Strong'],
      ['Password!!!1', 'Medium'],
    ] as const) {
      await password.fill(value);
      await expect(meter).toHaveAttribute('aria-valuetext', level);
    }
    await password.fill('abcdefg1');
    await expect(form).toContainText(
      'Consider avoiding common words, repeated characters, or sequential numbers.',
    );
    await expect(form).toContainText('Password must contain at least one uppercase letter');
    await form.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('a taken username is refused with the server message', async ({
    page,
    account,
    authPage,
  }) => {
    await authPage.goto('register');
    await authPage.register(newAccountData({ username: account.username.toUpperCase() }));
    await expect(openToasts(page)).toContainText('Registration failed');
    await expect(openToasts(page)).toContainText('That username is already taken.');
    await expect(authPage.registerForm.getByLabel('Username')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  test('/verify-email: no token and a spent token both go to /auth with their toasts', async ({
    page,
    authApi,
  }) => {
    await page.goto('/verify-email');
    await expect(openToasts(page)).toContainText('Verification failed');
    await expect(openToasts(page)).toContainText('No token provided.');
    await expect(page).toHaveURL(/\/auth$/);

    const account = newAccountData();
    await authApi.register(account);
    const link = new URL(await authApi.verificationLink(account.email));
    await authApi.verifyEmail(account.email);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(openToasts(page)).toContainText('Verification failed');
    await expect(openToasts(page)).toContainText('This verification link has already been used.');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an unverified account can sign in and sees the verify-your-email notice', async ({
    page,
    authApi,
  }) => {
    const account = await authApi.createUser({}, { verified: false });
    await signInPage(page, authApi, account);
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Email verification' });
    await expect(notice).toContainText('Please verify your email address.');
    // The registration email went out moments ago: a resend must wait for the cooldown.
    await notice.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(openToasts(page)).toContainText('Could not send the email');
    await expect(openToasts(page)).toContainText('less than a minute ago');
  });

  test('the signed-in header: three buttons on a wide screen, one menu at 320 px, 82 px high', async ({
    signedInPage: page,
    header,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about-us');
    for (const [name, href] of [
      ['Schedule a Pickup', '/schedule-pickup'],
      ['Curbside Pickup', '/curbside-pickup'],
      ['Pickup History', '/pickup-history'],
    ] as const) {
      await expect(header.root.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect((await header.root.boundingBox())?.height).toBe(82);

    await page.setViewportSize({ width: 320, height: 640 });
    await expect(header.root.getByRole('link', { name: 'Schedule a Pickup' })).toBeHidden();
    expect((await header.root.boundingBox())?.height).toBe(82);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await header.root.getByRole('button', { name: 'Pickups menu' }).click();
    await page.getByRole('menuitem', { name: 'Curbside Pickup' }).click();
    await expect(page).toHaveURL(/\/curbside-pickup$/);
    await expect(header.avatar).toBeInViewport();
  });

  test('no axe violations on /auth (both tabs, with errors and the meter), /re-authenticate and the open menus', async ({
    page,
    account,
    authPage,
    authApi,
    header,
  }) => {
    await authPage.goto('login');
    await authPage.loginButton.click();
    await expect(authPage.loginForm).toContainText('Email or username is required');
    expect(await axeViolations(page)).toEqual([]);

    await authPage.tab('Register').click();
    await authPage.registerButton.click();
    await authPage.registerForm.getByLabel('Password', { exact: true }).fill('abcdefg1');
    await expect(authPage.registerForm.getByRole('meter')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await signInPage(page, authApi, account);
    await page.goto('/re-authenticate');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirm your password' }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 320, height: 640 });
    await header.openAccountMenu();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await header.root.getByRole('button', { name: 'Pickups menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
