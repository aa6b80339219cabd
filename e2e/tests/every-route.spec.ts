import type { Page, Request, Response } from '@playwright/test';
import { axeViolations, expect, signInPage, test } from '../fixtures/test';
import { ROUTES } from '../support/routes';

// Every route of docs/product.md, "Routes", visited once signed out and once signed in, on a
// 320 px wide screen. One visit carries every per-route check, so the walk is made once:
// - it is served (200) under the site's Content-Security-Policy, and the automatic CSP guard
//   (e2e/fixtures/test.ts) fails the test on any violation while the page loads and settles;
// - it renders its page, never the 404 or the section-unavailable panel, and signed out it
//   fetches only the manifest of the remote that owns it, or, for a page for signed-in people,
//   none: the server sends the sign-in page, and the page is remembered for after the login;
// - it holds at 320 px (no horizontal scroll) and axe finds no serious or critical violation.

const notFound = (page: Page) =>
  page.getByRole('heading', { level: 1, name: '404 Page Not Found' });

/** Waits until the page has settled: its title is shown and no loading indicator remains. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('loading')).toHaveCount(0);
  await expect(page.getByText('Loading', { exact: false }).filter({ visible: true })).toHaveCount(
    0,
  );
  // Late content (lists, quotes, lazy chunks) may still arrive; live pages keep a stream open, so
  // the wait for an idle network is bounded.
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
}

/**
 * How many CSS pixels the page is wider than its viewport (0 when it fits). Measured against the
 * scrolling element's clientWidth, not window.innerWidth, which counts the vertical scrollbar and
 * so hid an 8 px overflow of /settings.
 */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

/**
 * Names of the remotes whose entry script the page loads from now on (read from the manifest, or
 * named by the server's page for the remote that owns it).
 */
function remotesLoaded(page: Page): { remotes: string[]; stop: () => void } {
  const remotes: string[] = [];
  const listener = (request: Request) => {
    const match = /\/remotes\/(\w+)\/remoteEntry[.\w]*\.js/.exec(request.url());
    if (match?.[1] && !remotes.includes(match[1])) remotes.push(match[1]);
  };
  page.on('request', listener);
  // The walk's page is shared by the routes of a worker: each route listens for its own turn.
  return { remotes, stop: () => page.off('request', listener) };
}

function expectServedUnderPolicy(response: Response | null) {
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
}

/** The checks every route gets once it has rendered its page. */
async function expectSettledAndSmallScreenReady(page: Page, path: string) {
  await expect(page.getByText('This section is unavailable right now')).toHaveCount(0);
  await settle(page);
  expect(await overflow(page), `${path} is wider than 320 px`).toBeLessThanOrEqual(0);
  expect(await axeViolations(page, { impacts: ['serious', 'critical'] })).toEqual([]);
}

test.use({ viewport: { width: 320, height: 640 } });
// The routes are independent: every worker takes them, rather than one walking all 74 (5.5 min).
// Each worker walks its routes on one 320 px page of its own (`visitorWalkPage`, `walkerPage`).
test.describe.configure({ mode: 'parallel' });

test.describe('every route, signed out', () => {
  for (const { path, owner, signedInOnly } of ROUTES) {
    test(`${path}: renders its ${owner ?? 'shell'} page under the CSP, fits 320 px, no serious axe violation`, async ({
      visitorWalkPage: page,
    }) => {
      const { remotes, stop } = remotesLoaded(page);
      try {
        expectServedUnderPolicy(await page.goto(path));
        // A page may redirect (signed-out guards send to /auth); it must never be the 404.
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(notFound(page)).toHaveCount(0);
        await expectSettledAndSmallScreenReady(page, path);
        if (signedInOnly) {
          await expect(page).toHaveURL(/\/auth$/);
          expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe(
            JSON.stringify(path),
          );
        }
      } finally {
        stop();
      }
      // Only the remote that owns the path is loaded (the shell's own pages load none, and a
      // visitor without a session is sent the sign-in page instead of a signed-in page's remote).
      expect(remotes).toEqual(owner && !signedInOnly ? [owner] : []);
    });
  }

  test('/dev/outbox and an unknown path are served under the CSP too', async ({
    visitorWalkPage: page,
  }) => {
    expectServedUnderPolicy(await page.goto('/dev/outbox'));
    await settle(page);
    expectServedUnderPolicy(await page.goto('/no-such-page'));
    await expect(notFound(page)).toBeVisible();
  });
});

test.describe('every route, signed in', () => {
  for (const { path } of ROUTES) {
    test(`${path}: renders under the CSP, fits 320 px, no serious axe violation`, async ({
      walkerPage: page,
    }) => {
      expectServedUnderPolicy(await page.goto(path));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(notFound(page)).toHaveCount(0);
      await expectSettledAndSmallScreenReady(page, path);
    });
  }

  // An address has nowhere to wrap: /settings was 8 px (and more, for longer ones) too wide.
  test('a long email address still fits 320 px where the account shows it', async ({
    page,
    authApi,
  }) => {
    const account = await authApi.createUser({
      email: `augusta.ada.king.lovelace.${Date.now()}@example.test`,
    });
    await signInPage(page, authApi, account);
    for (const path of ['/settings', '/re-authenticate']) {
      await page.goto(path);
      await expect(page.getByText(account.email).first()).toBeVisible();
      expect(await overflow(page), `${path} is wider than 320 px`).toBeLessThanOrEqual(0);
    }
  });

  test('/dev/outbox and an unknown path are served under the CSP too', async ({
    walkerPage: page,
  }) => {
    expectServedUnderPolicy(await page.goto('/dev/outbox'));
    await settle(page);
    expectServedUnderPolicy(await page.goto('/no-such-page'));
    await expect(notFound(page)).toBeVisible();
  });
});
