import { WEBHOOK_MAX_ATTEMPTS } from 'shared-contracts/webhooks';

/**
 * Waits after each failed attempt before the next one: 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
 * With the first attempt that is 8 attempts spread over about 28 hours (at least 27 h 36 min), so
 * a receiver that is down for a day still gets every event. Multiplied by SIM_TIME_SCALE through
 * the durable timers, like every simulated duration.
 */
export const RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

if (RETRY_DELAYS_MS.length !== WEBHOOK_MAX_ATTEMPTS - 1) {
  throw new Error('One retry delay per attempt after the first');
}

/** Jitter adds up to a quarter of the delay, so endpoints that failed together retry apart. */
export const MAX_JITTER_RATIO = 0.25;

/** The wait after attempt `attempt` (1-based) failed; null when that was the last attempt. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 + MAX_JITTER_RATIO * random()));
}
