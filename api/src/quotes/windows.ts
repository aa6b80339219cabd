import type { DeliveryWindow } from 'shared-contracts/quotes';

import { SERVICE_TIME_ZONE } from 'shared-contracts/service-time';

// When each window would arrive if the order were placed at `now`. The stores and the service run
// on Texas time (shared-contracts/service-time, the one place that says so).
export { SERVICE_TIME_ZONE };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Time for the store to hand over the order before a scheduled window can start. */
export const WINDOW_LEAD_MS = HOUR;
const HALF_HOUR = 30 * MINUTE;
export const NEXT_DAY_OPENS_HOUR = 9;
export const NEXT_DAY_CLOSES_HOUR = 21;

const WINDOW_HOURS: Record<'2h' | '4h' | '6h', number> = { '2h': 2, '4h': 4, '6h': 6 };

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: SERVICE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClock(at: Date): WallClock & { second: number } {
  const parts = Object.fromEntries(
    formatter.formatToParts(at).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Minutes the service time zone is ahead of UTC at `at` (−300 in summer, −360 in winter). */
function offsetMinutes(at: Date): number {
  const clock = wallClock(at);
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / MINUTE);
}

/** The instant a wall-clock time in the service time zone names (the day may overflow). */
export function serviceTimeToInstant(clock: WallClock): Date {
  const naive = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  let instant = naive - offsetMinutes(new Date(naive)) * MINUTE;
  // Around a DST change the offset at the result can differ from the first guess's.
  const corrected = naive - offsetMinutes(new Date(instant)) * MINUTE;
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

function roundUpToHalfHour(ms: number): number {
  return Math.ceil(ms / HALF_HOUR) * HALF_HOUR;
}

/** Start and end of a window chosen at `now`. */
export function windowTimes(window: DeliveryWindow, now: Date): { startsAt: Date; endsAt: Date } {
  const at = now.getTime();
  switch (window) {
    case 'asap':
      return { startsAt: new Date(at + HOUR), endsAt: new Date(at + 2 * HOUR) };
    case '2h':
    case '4h':
    case '6h': {
      const start = roundUpToHalfHour(at + WINDOW_LEAD_MS);
      return {
        startsAt: new Date(start),
        endsAt: new Date(start + WINDOW_HOURS[window] * HOUR),
      };
    }
    case 'next_day': {
      const today = wallClock(now);
      const day = { year: today.year, month: today.month, day: today.day + 1, minute: 0 };
      return {
        startsAt: serviceTimeToInstant({ ...day, hour: NEXT_DAY_OPENS_HOUR }),
        endsAt: serviceTimeToInstant({ ...day, hour: NEXT_DAY_CLOSES_HOUR }),
      };
    }
  }
}
