import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { ROUTES } from '../support/routes';

// DESIGN.md section 5 and issue 14, item 4: every route holds at 320 px wide (no horizontal
// scroll) and axe finds no serious or critical violation, signed out and signed in.

/** Waits until the page has settled: its title is shown and no loading indicator remains. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Loading', { exact: false }).filter({ visible: true })).toHaveCount(
    0,
  );
  // Late content (lists, quotes) may still arrive; live pages keep a stream open, so the wait for
  // an idle network is bounded.
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
}

/** How many CSS pixels the page is wider than the screen (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function seriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

/** The two checks of one route, on the page as it is now. */
async function checkRoute(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
  expect(await overflow(page), `${path} is wider than 320 px`).toBeLessThanOrEqual(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test.describe('every route at 320 px, signed out', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const { path } of ROUTES) {
    test(`${path}: no horizontal scroll, no serious axe violation`, async ({ page }) => {
      await checkRoute(page, path);
    });
  }
});

test.describe('every route at 320 px, signed in', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const { path } of ROUTES) {
    test(`${path}: no horizontal scroll, no serious axe violation`, async ({ signedInPage }) => {
      await checkRoute(signedInPage, path);
    });
  }
});
