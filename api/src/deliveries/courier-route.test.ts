import { describe, expect, it } from 'vitest';
import { haversineMiles } from '../quotes/distance.ts';
import {
  buildRoute,
  estimateRemainingMs,
  isArriving,
  milesAfter,
  pointAlong,
  routeFromPoints,
  seedFrom,
  trafficFactors,
  travelTimeMs,
} from './courier-route.ts';

const store = { lat: 32.8686, lng: -96.7737 };
const home = { lat: 32.8998, lng: -96.7412 };

describe('buildRoute', () => {
  it('starts and ends at the two points and follows a street grid', () => {
    const route = buildRoute(store, home, seedFrom('delivery-1'));
    expect(route.points[0]).toEqual(store);
    expect(route.points.at(-1)).toEqual(home);
    for (let i = 1; i < route.points.length; i += 1) {
      const a = route.points[i - 1];
      const b = route.points[i];
      // Every stretch runs north–south or east–west.
      expect(a?.lat === b?.lat || a?.lng === b?.lng).toBe(true);
    }
    const straight = haversineMiles(store, home);
    expect(route.miles).toBeGreaterThan(straight);
    expect(route.miles).toBeLessThan(straight * 1.5);
  });

  it('is the same for the same seed and differs for another', () => {
    expect(buildRoute(store, home, 42)).toEqual(buildRoute(store, home, 42));
    expect(buildRoute(store, home, 42).points).not.toEqual(buildRoute(store, home, 43).points);
  });

  it('handles a destination due north (one axis only)', () => {
    const north = { lat: store.lat + 0.02, lng: store.lng };
    const route = buildRoute(store, north, 7);
    expect(route.points[0]).toEqual(store);
    expect(route.points.at(-1)).toEqual(north);
    expect(route.miles).toBeCloseTo(haversineMiles(store, north), 5);
  });
});

describe('pointAlong', () => {
  const route = routeFromPoints([
    { lat: 0, lng: 0 },
    { lat: 0, lng: 1 },
    { lat: 1, lng: 1 },
  ]);

  it('interpolates on the stretch the distance falls on', () => {
    const first = route.cumulativeMiles[1] as number;
    expect(pointAlong(route, first / 2)).toEqual({ lat: 0, lng: 0.5 });
    const mid = pointAlong(route, first + (route.miles - first) / 4);
    expect(mid.lng).toBe(1);
    expect(mid.lat).toBeCloseTo(0.25, 4);
  });

  it('clamps to the ends', () => {
    expect(pointAlong(route, -3)).toEqual({ lat: 0, lng: 0 });
    expect(pointAlong(route, route.miles + 10)).toEqual({ lat: 1, lng: 1 });
  });
});

describe('traffic and ETA', () => {
  it('draws factors between 0.55 and 1.15, deterministically', () => {
    const factors = trafficFactors(99);
    expect(factors).toHaveLength(6);
    expect(factors).toEqual(trafficFactors(99));
    for (const factor of factors) {
      expect(factor).toBeGreaterThanOrEqual(0.55);
      expect(factor).toBeLessThanOrEqual(1.15);
    }
  });

  it('drives 5 miles at 25 mph in 12 minutes without traffic', () => {
    expect(travelTimeMs(5, 25, [1, 1])).toBeCloseTo(12 * 60_000, 5);
    expect(milesAfter(6 * 60_000, 5, 25, [1, 1])).toBeCloseTo(2.5, 6);
    expect(milesAfter(60 * 60_000, 5, 25, [1, 1])).toBe(5);
    expect(milesAfter(-1, 5, 25, [1, 1])).toBe(0);
  });

  it('slows down in congestion', () => {
    // First half at half speed: 6 minutes cover 1.25 miles, not 2.5.
    expect(milesAfter(6 * 60_000, 5, 25, [0.5, 1])).toBeCloseTo(1.25, 6);
    expect(travelTimeMs(5, 25, [0.5, 1])).toBeCloseTo(18 * 60_000, 5);
  });

  it('estimates the rest at the current speed, so the ETA moves with traffic', () => {
    const factors = [0.5, 1];
    const atStart = estimateRemainingMs(0, 5, 25, factors);
    expect(atStart).toBeCloseTo(24 * 60_000, 5); // 5 mi at 12.5 mph
    const halfway = estimateRemainingMs(2.5, 5, 25, factors);
    expect(halfway).toBeCloseTo(6 * 60_000, 5); // exact on the last stretch
    expect(estimateRemainingMs(5, 5, 25, factors)).toBe(0);
  });

  it('counts the last half mile or three minutes as arriving', () => {
    expect(isArriving(0.4, 10 * 60_000)).toBe(true);
    expect(isArriving(2, 2 * 60_000)).toBe(true);
    expect(isArriving(2, 5 * 60_000)).toBe(false);
  });
});
