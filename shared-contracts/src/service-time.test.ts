import { describe, expect, it } from 'vitest';
import { formatServiceDateTime, formatServiceTime, serviceWeekday } from './service-time';

// 2026-03-02T21:42:05Z is 3:42 PM in Texas (CST, UTC-6), whatever zone the browser is in.
const ISO = '2026-03-02T21:42:05.000Z';

describe('service time (times in Central time, labelled CT)', () => {
  it('shows a time of day in Central time with the CT label', () => {
    expect(formatServiceTime(ISO)).toBe('3:42 PM CT');
    expect(formatServiceTime(ISO, true)).toBe('3:42:05 PM CT');
  });

  it('shows a date and time in Central time with the CT label', () => {
    expect(formatServiceDateTime(ISO)).toBe('Mar 2, 2026, 3:42 PM CT');
  });

  it("reads today's weekday where the stores are", () => {
    // 03:00 UTC on a Tuesday is still Monday evening in Texas.
    expect(serviceWeekday(new Date('2026-03-03T03:00:00.000Z'))).toBe('monday');
  });
});
