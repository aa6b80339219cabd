/** Every store is in Texas: times are shown in Central time and labelled so. */
const SERVICE_TIME_ZONE_LABEL = 'CT';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  hour: 'numeric',
  minute: '2-digit',
});
const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Tue, Jul 14, 3:30 PM – 5:30 PM" in Texas time (where every store is). */
export function formatWindow(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = dayFormat.format(start) === dayFormat.format(end);
  return sameDay
    ? `${dayFormat.format(start)}, ${timeFormat.format(start)} – ${timeFormat.format(end)} ${SERVICE_TIME_ZONE_LABEL}`
    : `${dayFormat.format(start)} ${timeFormat.format(start)} – ${dayFormat.format(end)} ${timeFormat.format(end)} ${SERVICE_TIME_ZONE_LABEL}`;
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

export function formatDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** "3:42 PM CT": a time of day in Texas time, for ETAs and tracking timelines. */
export function formatTime(iso: string): string {
  return `${timeFormat.format(new Date(iso))} ${SERVICE_TIME_ZONE_LABEL}`;
}
