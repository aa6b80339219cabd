/**
 * When the server rolls a canary back, or promotes it, by itself (ADR 019 decision 6): facts in,
 * decision out, no database. Reports can only add errors and page views counted by the server
 * decide a promotion, so a forged report can push only towards a rollback, the safe direction.
 */

import type { RollbackRule } from '../config.ts';

export type { RollbackRule };

export const DEFAULT_RULE: RollbackRule = {
  minPageViews: 20,
  minErrorRate: 0.05,
  stableFactor: 2,
  autoPromoteAfter: undefined,
};

export interface PageViewFigures {
  /** Page views the shell reported for the release (one per remote per page load). */
  pageViews: number;
  /** Those with at least one error. */
  erroredPageViews: number;
}

export interface CanaryFacts {
  canary: PageViewFigures;
  /** Stable's page views over the same time as the canary's. */
  stable: PageViewFigures;
  /** Pages of the remote the server sent to the canary's visitors since it started. */
  canaryPagesServed: number;
}

export type CanaryDecision =
  | { action: 'rollback'; reason: string }
  | { action: 'promote'; reason: string }
  | { action: 'keep' };

export function errorRate({ pageViews, erroredPageViews }: PageViewFigures): number {
  return pageViews === 0 ? 0 : Math.min(1, erroredPageViews / pageViews);
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

function describe(figures: PageViewFigures): string {
  return `${percent(errorRate(figures))} (${figures.erroredPageViews} of ${figures.pageViews} page views)`;
}

export function decideCanary(facts: CanaryFacts, rule: RollbackRule): CanaryDecision {
  const canaryRate = errorRate(facts.canary);
  const stableRate = errorRate(facts.stable);
  if (
    facts.canary.pageViews >= rule.minPageViews &&
    canaryRate >= rule.minErrorRate &&
    canaryRate >= rule.stableFactor * stableRate
  ) {
    return {
      action: 'rollback',
      reason:
        `error rate ${describe(facts.canary)} reached ${percent(rule.minErrorRate)} and ` +
        `${rule.stableFactor} times stable's ${describe(facts.stable)}`,
    };
  }
  const served = facts.canaryPagesServed;
  if (
    rule.autoPromoteAfter !== undefined &&
    served >= rule.autoPromoteAfter &&
    facts.canary.erroredPageViews < rule.minErrorRate * served
  ) {
    return {
      action: 'promote',
      reason:
        `${served} pages served with ${facts.canary.erroredPageViews} errored page views ` +
        `(under ${percent(rule.minErrorRate)}; automatic promotion after ${rule.autoPromoteAfter})`,
    };
  }
  return { action: 'keep' };
}
