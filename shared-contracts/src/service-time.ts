/**
 * The service's time zone. Every store is in Texas (three metros), so the client
 * shows every time of day in Central time and labels it "CT", whatever the browser's zone. No zod
 * here: remotes import this on their first screen.
 */
export const SERVICE_TIME_ZONE = 'America/Chicago';
export const SERVICE_TIME_ZONE_LABEL = 'CT';

// Each formatter is made on first use, not when the module loads: a browser's first
// Intl.DateTimeFormat with a time zone loads the zone data, tens of milliseconds on a slow phone,
// and this module is part of every page's start-up while most pages show no time at all.
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat('en-US', { timeZone: SERVICE_TIME_ZONE, ...options });
    return format;
  };
}

const timeFormat = lazyFormat({ hour: 'numeric', minute: '2-digit' });
const timeWithSecondsFormat = lazyFormat({ hour: 'numeric', minute: '2-digit', second: '2-digit' });
const dayFormat = lazyFormat({ weekday: 'short', month: 'short', day: 'numeric' });
const dateTimeFormat = lazyFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const weekdayFormat = lazyFormat({ weekday: 'long' });

/** "3:42 PM", Central time, without the label (for ranges that carry it once). */
export function formatServiceClock(date: Date): string {
  return timeFormat().format(date);
}

/** "3:42 PM CT" (or "3:42:05 PM CT"): a time of day for ETAs and timelines. */
export function formatServiceTime(iso: string, withSeconds = false): string {
  const format = withSeconds ? timeWithSecondsFormat : timeFormat;
  return `${format().format(new Date(iso))} ${SERVICE_TIME_ZONE_LABEL}`;
}

/** "Tue, Jul 14", the day in Central time. */
export function formatServiceDay(iso: string | Date): string {
  return dayFormat().format(new Date(iso));
}

/** "Jul 14, 2026, 3:42 PM CT". */
export function formatServiceDateTime(iso: string): string {
  return `${dateTimeFormat().format(new Date(iso))} ${SERVICE_TIME_ZONE_LABEL}`;
}

/** "monday" … "sunday": today's weekday where the stores are. */
export function serviceWeekday(now: Date): string {
  return weekdayFormat().format(now).toLowerCase();
}
