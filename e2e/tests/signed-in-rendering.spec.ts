import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { storeSession } from '../fixtures/auth-api';
import { watchHydration } from '../fixtures/hydration';
import { DEMO_ACCOUNT, expect, test } from '../fixtures/test';

// ADR 015: a signed-in customer's own data is in the first HTML of
// /pickup-history, /wallet and /settings (the session cookie set at login), so it is on screen
// before any script runs; the browser hydrates that HTML without a mismatch; and a page rendered
// for another user than the browser's stored session is never shown as this browser's.

const SESSION_COOKIE = 'curbrun_session';

interface DemoData {
  token: string;
  userId: string;
  orderNumbers: string[];
  balance: string;
}

/** Signs the demo customer in through `request` (its cookie jar gets the session cookie). */
async function signInDemo(request: APIRequestContext): Promise<{ token: string; userId: string }> {
  const response = await request.post('/api/auth/login', {
    data: { identifier: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

/** What the demo customer's pages should show, read from the API with the bearer token. */
async function demoData(request: APIRequestContext): Promise<DemoData> {
  const session = await signInDemo(request);
  const headers = { authorization: `Bearer ${session.token}` };
  const history = (await (
    await request.get('/api/pickup-history?page=1&pageSize=10', { headers })
  ).json()) as { items: { orderNumber: string }[] };
  const wallet = (await (await request.get('/api/wallet', { headers })).json()) as {
    balanceCents: number;
  };
  const balance = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    wallet.balanceCents / 100,
  );
  return { ...session, orderNumbers: history.items.map((i) => i.orderNumber), balance };
}

async function hasSessionCookie(context: BrowserContext): Promise<boolean> {
  return (await context.cookies()).some((c) => c.name === SESSION_COOKIE && c.value !== '');
}

test("with JavaScript off, the signed-in customer's data is in the first HTML", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const demo = await demoData(context.request);
  expect(demo.orderNumbers.length).toBeGreaterThan(0);
  expect(await hasSessionCookie(context)).toBe(true);

  const history = await page.goto('/pickup-history');
  expect(history?.headers()['cache-control']).toBe('private, no-store');
  for (const orderNumber of demo.orderNumbers) {
    await expect(page.getByText(orderNumber).first()).toBeVisible();
  }

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText(demo.balance);

  await page.goto('/settings');
  await expect(page.getByLabel('First name')).toHaveValue('Dana');
  await expect(page.getByText('demo@curbrun.test').first()).toBeVisible();

  // Without the cookie the same pages are the public shell, as before.
  await context.clearCookies();
  const signedOut = await page.goto('/pickup-history');
  expect(signedOut?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByText(demo.orderNumbers[0] ?? '-')).toHaveCount(0);
  await context.close();
});

/** Remembers the element matching `selector` as the server sent it, before any script runs. */
async function rememberServerElement(page: Page, selector: string) {
  await page.addInitScript((wanted) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { serverElement: Element | null }).serverElement =
          document.querySelector(wanted);
      }
    });
  }, selector);
}

/** Whether the server's element is still the one on screen and React has taken it over. */
function hydratedServerElement(page: Page, selector: string) {
  return page.evaluate((wanted) => {
    const kept = (window as unknown as { serverElement: Element | null }).serverElement;
    return Boolean(
      kept &&
        kept === document.querySelector(wanted) &&
        Object.keys(kept).some((key) => key.startsWith('__reactFiber')),
    );
  }, selector);
}

for (const [route, selector] of [
  ['/pickup-history', '[data-testid="history-entry"]'],
  ['/wallet', '[data-testid="wallet-balance"]'],
  ['/settings', '#profile input'],
] as const) {
  test(`${route} shows the data before its scripts run and hydrates it without a mismatch`, async ({
    page,
    context,
  }) => {
    const demo = await demoData(context.request);
    await storeSession(page, demo);
    const problems = watchHydration(page);
    await rememberServerElement(page, selector);
    // Hold the customer remote's scripts: what is on screen meanwhile is the server's HTML.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/remotes/customer/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(route, { waitUntil: 'domcontentloaded' });
    await expect(page.locator(selector).first()).toBeVisible();
    if (route === '/wallet')
      await expect(page.getByTestId('wallet-balance')).toHaveText(demo.balance);
    if (route === '/settings') await expect(page.getByLabel('First name')).toHaveValue('Dana');
    if (route === '/pickup-history') {
      await expect(page.getByText(demo.orderNumbers[0] ?? '-').first()).toBeVisible();
    }
    release();
    await expect.poll(() => hydratedServerElement(page, selector), { timeout: 20_000 }).toBe(true);
    expect(problems).toEqual([]);
  });
}

test("a page rendered for another user is not shown as this browser's, and forgets the cookie", async ({
  page,
  context,
  authApi,
}) => {
  const demo = await demoData(context.request);
  // This browser's stored session is another customer's.
  const other = await authApi.createUser();
  await storeSession(page, await authApi.login(other.username, other.password));
  await page.goto('/settings');
  await expect(page.getByLabel('First name')).toHaveValue(other.firstName);
  await expect(page.getByText('demo@curbrun.test')).toHaveCount(0);
  await expect.poll(() => hasSessionCookie(context)).toBe(false);
  // The next page is not rendered for the demo customer either.
  const html = await (await page.request.get('/pickup-history')).text();
  expect(html).not.toContain(demo.orderNumbers[0] ?? '-');
});

test('signing out clears the cookie, so the next page has no data in it', async ({
  page,
  context,
}) => {
  const demo = await demoData(context.request);
  await storeSession(page, demo);
  await page.goto('/settings');
  await expect(page.getByLabel('First name')).toHaveValue('Dana');
  const response = await page.request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${demo.token}` },
  });
  expect(response.status()).toBe(200);
  expect(await hasSessionCookie(context)).toBe(false);
  const html = await (await page.request.get('/settings')).text();
  expect(html).not.toContain('demo@curbrun.test');
});
