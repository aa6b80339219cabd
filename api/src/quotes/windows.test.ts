import { describe, expect, it } from 'vitest';
import { haversineMiles, roundMiles } from './distance.ts';
import { serviceTimeToInstant, windowTimes } from './windows.ts';

describe('window times', () => {
  // 2026-07-14 15:10 in Texas (CDT, UTC−5).
  const summer = new Date('2026-07-14T20:10:00Z');

  it('puts ASAP one to two hours from now', () => {
    expect(windowTimes('asap', summer)).toEqual({
      startsAt: new Date('2026-07-14T21:10:00Z'),
      endsAt: new Date('2026-07-14T22:10:00Z'),
    });
  });

  it('starts scheduled windows after an hour for the store, on the half hour', () => {
    const start = new Date('2026-07-14T21:30:00Z');
    expect(windowTimes('2h', summer)).toEqual({
      startsAt: start,
      endsAt: new Date('2026-07-14T23:30:00Z'),
    });
    expect(windowTimes('4h', summer).endsAt).toEqual(new Date('2026-07-15T01:30:00Z'));
    expect(windowTimes('6h', summer).endsAt).toEqual(new Date('2026-07-15T03:30:00Z'));
    // Exactly on the half hour stays there.
    expect(windowTimes('2h', new Date('2026-07-14T20:00:00Z')).startsAt).toEqual(
      new Date('2026-07-14T21:00:00Z'),
    );
  });

  it('delivers next day from 9 a.m. to 9 p.m. Texas time, in summer and winter', () => {
    expect(windowTimes('next_day', summer)).toEqual({
      startsAt: new Date('2026-07-15T14:00:00Z'),
      endsAt: new Date('2026-07-16T02:00:00Z'),
    });
    // 2026-01-31 23:30 CST is already Feb 1 in UTC; next day is Feb 1 in Texas.
    expect(windowTimes('next_day', new Date('2026-02-01T05:30:00Z'))).toEqual({
      startsAt: new Date('2026-02-01T15:00:00Z'),
      endsAt: new Date('2026-02-02T03:00:00Z'),
    });
  });

  it('handles the daylight-saving change (2026-03-08 in Texas)', () => {
    expect(serviceTimeToInstant({ year: 2026, month: 3, day: 7, hour: 9, minute: 0 })).toEqual(
      new Date('2026-03-07T15:00:00Z'),
    );
    expect(serviceTimeToInstant({ year: 2026, month: 3, day: 8, hour: 9, minute: 0 })).toEqual(
      new Date('2026-03-08T14:00:00Z'),
    );
  });
});

describe('distance', () => {
  it('measures straight-line miles between two points', () => {
    // Downtown Dallas to downtown Fort Worth is about 30 miles as the crow flies.
    const miles = haversineMiles({ lat: 32.7767, lng: -96.797 }, { lat: 32.7555, lng: -97.3308 });
    expect(miles).toBeGreaterThan(30);
    expect(miles).toBeLessThan(32);
    expect(haversineMiles({ lat: 30, lng: -97 }, { lat: 30, lng: -97 })).toBe(0);
  });

  it('rounds to one decimal', () => {
    expect(roundMiles(10.04)).toBe(10);
    expect(roundMiles(10.05)).toBe(10.1);
  });
});
