import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('the release settings', () => {
  it('read the rule, the report limit and the operator token', () => {
    const { releases } = loadConfig({
      RELEASE_ROLLBACK_MIN_PAGE_VIEWS: '50',
      RELEASE_ROLLBACK_ERROR_RATE: '0.1',
      RELEASE_ROLLBACK_STABLE_FACTOR: '3',
      RELEASE_AUTO_PROMOTE_AFTER: '500',
      RELEASE_REPORTS_PER_MINUTE: '20',
      OPERATOR_TOKEN: 'a-long-enough-operator-token',
    });
    expect(releases).toEqual({
      rule: { minPageViews: 50, minErrorRate: 0.1, stableFactor: 3, autoPromoteAfter: 500 },
      reportsPerMinute: 20,
      operatorToken: 'a-long-enough-operator-token',
    });
  });

  it('refuse values that would make no sense, naming the variable', () => {
    expect(() => loadConfig({ RELEASE_ROLLBACK_ERROR_RATE: '5' })).toThrow(
      'RELEASE_ROLLBACK_ERROR_RATE must be between 0 and 1 (0.05 is 5%) (got "5")',
    );
    expect(() => loadConfig({ RELEASE_ROLLBACK_STABLE_FACTOR: '0.5' })).toThrow(
      'RELEASE_ROLLBACK_STABLE_FACTOR must be at least 1',
    );
    expect(() => loadConfig({ RELEASE_ROLLBACK_MIN_PAGE_VIEWS: '0' })).toThrow(
      'RELEASE_ROLLBACK_MIN_PAGE_VIEWS must be at least 1',
    );
    expect(() => loadConfig({ RELEASE_AUTO_PROMOTE_AFTER: 'soon' })).toThrow(
      'RELEASE_AUTO_PROMOTE_AFTER must be a number',
    );
    expect(() => loadConfig({ OPERATOR_TOKEN: 'short' })).toThrow(
      'OPERATOR_TOKEN must be at least 24 characters',
    );
  });
});
