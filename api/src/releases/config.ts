import { z } from 'zod';
import type { RollbackRule } from './rule.ts';

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const wholeNumber = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`);

/**
 * The environment of canary releases (docs/decisions/019-canary-releases.md), spread into the
 * server's one environment schema (config.ts) so a bad value is reported with all the others.
 */
export const RELEASE_ENV_SHAPE = {
  RELEASE_ROLLBACK_MIN_PAGE_VIEWS: z.preprocess(
    emptyAsUndefined,
    wholeNumber('RELEASE_ROLLBACK_MIN_PAGE_VIEWS', 1).default(20),
  ),
  RELEASE_ROLLBACK_ERROR_RATE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'RELEASE_ROLLBACK_ERROR_RATE must be a number' })
      .gt(0, 'RELEASE_ROLLBACK_ERROR_RATE must be between 0 and 1 (0.05 is 5%)')
      .max(1, 'RELEASE_ROLLBACK_ERROR_RATE must be between 0 and 1 (0.05 is 5%)')
      .default(0.05),
  ),
  RELEASE_ROLLBACK_STABLE_FACTOR: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'RELEASE_ROLLBACK_STABLE_FACTOR must be a number' })
      .min(1, 'RELEASE_ROLLBACK_STABLE_FACTOR must be at least 1')
      .default(2),
  ),
  // Unset: a canary is promoted only by a person (deploy-remote.mjs --promote).
  RELEASE_AUTO_PROMOTE_AFTER: z.preprocess(
    emptyAsUndefined,
    wholeNumber('RELEASE_AUTO_PROMOTE_AFTER', 1).optional(),
  ),
  RELEASE_REPORTS_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    wholeNumber('RELEASE_REPORTS_PER_MINUTE', 1).default(60),
  ),
  OPERATOR_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(24, 'OPERATOR_TOKEN must be at least 24 characters').optional(),
  ),
};

export interface ReleaseConfig {
  rule: RollbackRule;
  /** Reports one visitor may send per minute (per API process). */
  reportsPerMinute: number;
  /**
   * Bearer token of the operator routes (`/api/operator/*`). Unset: open to this machine outside
   * production (the server then listens on loopback only), off in production.
   */
  operatorToken: string | undefined;
}

type ReleaseEnv = z.output<z.ZodObject<typeof RELEASE_ENV_SHAPE>>;

export function releaseConfig(env: ReleaseEnv): ReleaseConfig {
  return {
    rule: {
      minPageViews: env.RELEASE_ROLLBACK_MIN_PAGE_VIEWS,
      minErrorRate: env.RELEASE_ROLLBACK_ERROR_RATE,
      stableFactor: env.RELEASE_ROLLBACK_STABLE_FACTOR,
      autoPromoteAfter: env.RELEASE_AUTO_PROMOTE_AFTER,
    },
    reportsPerMinute: env.RELEASE_REPORTS_PER_MINUTE,
    operatorToken: env.OPERATOR_TOKEN,
  };
}
