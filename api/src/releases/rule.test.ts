import { describe, expect, it } from 'vitest';
import { type CanaryFacts, DEFAULT_RULE, decideCanary, errorRate } from './rule.ts';

const facts = (
  canary: [number, number],
  stable: [number, number] = [100, 0],
  canaryPagesServed = 0,
): CanaryFacts => ({
  canary: { pageViews: canary[0], erroredPageViews: canary[1] },
  stable: { pageViews: stable[0], erroredPageViews: stable[1] },
  canaryPagesServed,
});

describe('decideCanary with the default rule (20 page views, 5%, twice stable)', () => {
  it('rolls back at the 20th page view when 5% of them failed and stable is clean', () => {
    const decision = decideCanary(facts([20, 1]), DEFAULT_RULE);
    expect(decision).toEqual({
      action: 'rollback',
      reason:
        "error rate 5.0% (1 of 20 page views) reached 5.0% and 2 times stable's 0.0% (0 of 100 page views)",
    });
  });

  it('waits for 20 page views however bad the first ones are', () => {
    expect(decideCanary(facts([19, 19]), DEFAULT_RULE)).toEqual({ action: 'keep' });
  });

  it('keeps a canary under 5%', () => {
    expect(decideCanary(facts([100, 4]), DEFAULT_RULE)).toEqual({ action: 'keep' });
  });

  it('keeps a canary that fails no more than twice as often as stable', () => {
    // 10% against stable's 6%: worse, but not clearly worse.
    expect(decideCanary(facts([100, 10], [100, 6]), DEFAULT_RULE)).toEqual({ action: 'keep' });
    expect(decideCanary(facts([100, 12], [100, 6]), DEFAULT_RULE).action).toBe('rollback');
  });

  it('never promotes by itself unless configured', () => {
    expect(decideCanary(facts([5000, 0], [5000, 0], 5000), DEFAULT_RULE)).toEqual({
      action: 'keep',
    });
  });
});

describe('decideCanary with other settings', () => {
  it('follows a configured threshold', () => {
    const strict = { ...DEFAULT_RULE, minPageViews: 5, minErrorRate: 0.5, stableFactor: 1 };
    expect(decideCanary(facts([5, 2]), strict)).toEqual({ action: 'keep' });
    expect(decideCanary(facts([5, 3], [10, 3]), strict).action).toBe('rollback');
  });

  it('promotes after the configured number of pages the server sent, while errors stay under the rate', () => {
    const rule = { ...DEFAULT_RULE, autoPromoteAfter: 50 };
    expect(decideCanary(facts([40, 0], [40, 0], 49), rule)).toEqual({ action: 'keep' });
    expect(decideCanary(facts([40, 0], [40, 0], 50), rule)).toEqual({
      action: 'promote',
      reason:
        '50 pages served with 0 errored page views (under 5.0%; automatic promotion after 50)',
    });
    // 3 errored page views in 50 pages served is 6%: not clean enough to promote.
    expect(decideCanary(facts([19, 3], [40, 0], 50), rule)).toEqual({ action: 'keep' });
    // And a canary the rule rolls back is rolled back, however many pages were served.
    expect(decideCanary(facts([20, 3], [40, 0], 500), rule).action).toBe('rollback');
  });

  it('is not promoted by page-view reports: only pages the server sent count', () => {
    const rule = { ...DEFAULT_RULE, autoPromoteAfter: 50 };
    // A flood of clean reports (10,000 page views) with few pages really served.
    expect(decideCanary(facts([10_000, 0], [100, 0], 3), rule)).toEqual({ action: 'keep' });
  });
});

describe('errorRate', () => {
  it('is 0 without page views and never above 1', () => {
    expect(errorRate({ pageViews: 0, erroredPageViews: 0 })).toBe(0);
    expect(errorRate({ pageViews: 4, erroredPageViews: 1 })).toBe(0.25);
    expect(errorRate({ pageViews: 1, erroredPageViews: 3 })).toBe(1);
  });
});
