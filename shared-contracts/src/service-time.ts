/**
 * The service's time zone. Every store is in Texas (three metros), so the client
 * shows every time of day in Central time and labels it "CT", whatever the browser's zone. No zod
 * here: remotes import this on their first screen.
 */
export const SERVICE_TIME_ZONE = 'America/Chicago';
export const SERVICE_TIME_ZONE_LABEL = 'CT';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SERVICE_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const timeWithSecondsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SERVICE_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SERVICE_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SERVICE_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const weekdayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SERVICE_TIME_ZONE,
  weekday: 'long',
});

/** "3:42 PM", Central time, without the label (for ranges that carry it once). */
export function formatServiceClock(date: Date): string {
  return timeFormat.format(date);
}

/** "3:42 PM CT" (or "3:42:05 PM CT"): a time of day for ETAs and timelines. */
export function formatServiceTime(iso: string, withSeconds = false): string {
  const format = withSeconds ? timeWithSecondsFormat : timeFormat;
  return `${format.format(new Date(iso))} ${SERVICE_TIME_ZONE_LABEL}`;
}

/** "Tue, Jul 14", the day in Central time. */
export function formatServiceDay(iso: string | Date): string {
  return dayFormat.format(new Date(iso));
}

/** "Jul 14, 2026, 3:42 PM CT". */
export function formatServiceDateTime(iso: string): string {
  return `${dateTimeFormat.format(new Date(iso))} ${SERVICE_TIME_ZONE_LABEL}`;
}

/** "monday" … "sunday": today's weekday where the stores are. */
export function serviceWeekday(now: Date): string {
  return weekdayFormat.format(now).toLowerCase();
}
