import type { BrowserContext, Page } from '@playwright/test';

export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  sample?: string;
}

let bindings = 0;

/**
 * Collects every Content-Security-Policy violation in a browser context: the
 * `securitypolicyviolation` event of each page (and frame), and Chromium's console message for
 * the cases without an event. A suite fails a test that caused any.
 */
export async function collectCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  // One binding per collector, so a suite's guard and a test's own collector can coexist.
  bindings += 1;
  const BINDING = `__curbrunCspViolation${bindings}`;
  await context.exposeBinding(BINDING, ({ page }, violation: Omit<CspViolation, 'page'>) => {
    violations.push({ page: page?.url() ?? '', ...violation });
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample || undefined,
      });
    });
  }, BINDING);
  const watch = (page: Page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && /Content Security Policy/i.test(text)) {
        violations.push({ page: page.url(), directive: 'console', blocked: text });
      }
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return violations;
}

export function describeViolations(violations: readonly CspViolation[]): string {
  return violations
    .map((v) => `${v.page}: ${v.directive} blocked ${v.blocked}${v.sample ? ` (${v.sample})` : ''}`)
    .join('\n');
}
