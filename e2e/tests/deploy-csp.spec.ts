import { expect, test } from '../fixtures/test';
import { collectCspViolations } from '../support/csp-guard';

// Every page of the product works under the site's Content-Security-Policy (scripts only from
// this origin and the remotes' origins, no eval, no inline script but the one its hash allows).
// The suite's fixtures fail any test that causes a violation; tests/every-route.spec.ts visits
// every route signed out and signed in under them. This spec checks that the policy really blocks
// what it should.

test.describe('the policy', () => {
  // These tests provoke violations on purpose.
  test.use({ allowCspViolations: true });

  test('blocks scripts from origins that are not remotes, inline scripts and eval', async ({
    page,
    context,
  }) => {
    const violations = await collectCspViolations(context);
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    const outcome = await page.evaluate(async () => {
      const w = window as unknown as Record<string, unknown>;
      const inline = document.createElement('script');
      inline.textContent = 'window.__inlineRan = true;';
      document.body.append(inline);
      const foreign = document.createElement('script');
      foreign.src = 'https://scripts.example/evil.js';
      const foreignFailed = new Promise<boolean>((resolve) => {
        foreign.onerror = () => resolve(true);
        foreign.onload = () => resolve(false);
      });
      document.body.append(foreign);
      // Code from a string, compiled by the page itself (DevTools' own evaluate is exempt).
      (setTimeout as unknown as (code: string, ms: number) => void)('window.__evalRan = true;', 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const evalRan = w.__evalRan === true;
      return { inlineRan: w.__inlineRan === true, foreignFailed: await foreignFailed, evalRan };
    });
    expect(outcome).toEqual({ inlineRan: false, foreignFailed: true, evalRan: false });
    await expect
      .poll(() => violations.map((violation) => violation.directive).sort())
      .toEqual(expect.arrayContaining(['script-src-elem', 'script-src-elem', 'script-src']));
    expect(violations.some((violation) => violation.blocked.includes('scripts.example'))).toBe(
      true,
    );
  });

  test('pages cannot be framed by other sites', async ({ page }) => {
    const response = await page.goto('/about-us');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
