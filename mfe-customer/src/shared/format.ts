import {
  formatServiceClock,
  formatServiceDay,
  SERVICE_TIME_ZONE_LABEL,
} from 'shared-contracts/service-time';

/** "Tue, Jul 14, 3:30 PM – 5:30 PM CT" in Texas time (where every store is). */
export function formatWindow(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = formatServiceDay(start) === formatServiceDay(end);
  return sameDay
    ? `${formatServiceDay(start)}, ${formatServiceClock(start)} – ${formatServiceClock(end)} ${SERVICE_TIME_ZONE_LABEL}`
    : `${formatServiceDay(start)} ${formatServiceClock(start)} – ${formatServiceDay(end)} ${formatServiceClock(end)} ${SERVICE_TIME_ZONE_LABEL}`;
}
