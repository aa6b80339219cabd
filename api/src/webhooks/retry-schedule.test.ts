import { WEBHOOK_MAX_ATTEMPTS } from 'shared-contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { MAX_JITTER_RATIO, RETRY_DELAYS_MS, retryDelayMs } from './retry-schedule.ts';

describe('webhook retry schedule', () => {
  it('makes at least 8 attempts over at least 24 hours, growing exponentially', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBeGreaterThanOrEqual(8);
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3_600_000);
    for (let i = 1; i < RETRY_DELAYS_MS.length; i += 1) {
      expect(RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i - 1] ?? 0);
    }
  });

  it('adds between 0 and 25 % jitter and stops after the last attempt', () => {
    expect(retryDelayMs(1, () => 0)).toBe(60_000);
    expect(retryDelayMs(1, () => 0.999_999)).toBeLessThanOrEqual(60_000 * (1 + MAX_JITTER_RATIO));
    expect(retryDelayMs(1, () => 0.5)).toBe(67_500);
    expect(retryDelayMs(WEBHOOK_MAX_ATTEMPTS - 1, () => 0)).toBe(10 * 3_600_000);
    expect(retryDelayMs(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
  });
});
