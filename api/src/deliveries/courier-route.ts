import type { Location } from 'shared-contracts/addresses';
import { haversineMiles } from '../quotes/distance.ts';

/**
 * The courier simulator's geometry, pure so it is tested without timers: a road-like
 * route between two points, the position at a distance along it, traffic along the way, and the
 * ETA a navigation app would show.
 *
 * There is no road network here (no outside map service): a route follows a street grid, turning
 * between north–south and east–west stretches, which is how city trips in the three Texas metros
 * look and makes the road distance 1.2–1.4 × the straight line, as real trips do.
 */

/** A small deterministic generator (mulberry32): the same delivery always gets the same route. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A 32-bit seed from any string (a delivery id). */
export function seedFrom(text: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16_777_619);
  }
  return hash >>> 0;
}

export interface Route {
  points: Location[];
  /** Miles from the start to each point; the last one is the route's length. */
  cumulativeMiles: number[];
  miles: number;
}

export function routeFromPoints(points: readonly Location[]): Route {
  if (points.length === 0) throw new Error('A route needs at least one point');
  const cumulativeMiles = [0];
  for (let i = 1; i < points.length; i += 1) {
    const previous = points[i - 1] as Location;
    const point = points[i] as Location;
    cumulativeMiles.push((cumulativeMiles[i - 1] as number) + haversineMiles(previous, point));
  }
  return {
    points: [...points],
    cumulativeMiles,
    miles: cumulativeMiles[cumulativeMiles.length - 1] as number,
  };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A street-grid route from `from` to `to`: alternating north–south and east–west stretches (two to
 * four turns) whose lengths are drawn from `seed`. Starts and ends exactly at the two points.
 */
export function buildRoute(from: Location, to: Location, seed: number): Route {
  const random = seededRandom(seed);
  const dLat = to.lat - from.lat;
  const dLng = to.lng - from.lng;
  if (Math.abs(dLat) < 1e-7 && Math.abs(dLng) < 1e-7) return routeFromPoints([from, to]);
  const turns = 2 + Math.floor(random() * 3);
  // Split each direction into stretches; a direction with no distance to cover gets none.
  const split = (parts: number) => {
    const weights = Array.from({ length: parts }, () => 0.4 + random());
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    return weights.map((weight) => weight / total);
  };
  const latParts = split(Math.ceil(turns / 2));
  const lngParts = split(Math.floor(turns / 2) || 1);
  const startWithLat = random() < 0.5;
  const points: Location[] = [from];
  let lat = from.lat;
  let lng = from.lng;
  let latIndex = 0;
  let lngIndex = 0;
  let moveLat = startWithLat;
  while (latIndex < latParts.length || lngIndex < lngParts.length) {
    if (moveLat && latIndex < latParts.length) {
      lat += dLat * (latParts[latIndex] as number);
      latIndex += 1;
    } else if (!moveLat && lngIndex < lngParts.length) {
      lng += dLng * (lngParts[lngIndex] as number);
      lngIndex += 1;
    }
    points.push({ lat: round6(lat), lng: round6(lng) });
    moveLat = !moveLat;
  }
  points[points.length - 1] = { lat: to.lat, lng: to.lng };
  // Stretches along an axis that does not move (dLat or dLng of 0) add duplicate points.
  const distinct = points.filter(
    (point, index) =>
      index === 0 ||
      point.lat !== (points[index - 1] as Location).lat ||
      point.lng !== (points[index - 1] as Location).lng,
  );
  return routeFromPoints(distinct.length > 1 ? distinct : [from, to]);
}

/** The point `miles` along the route (clamped to its ends), interpolated on its stretch. */
export function pointAlong(route: Route, miles: number): Location {
  const { points, cumulativeMiles } = route;
  if (miles <= 0 || points.length === 1) return points[0] as Location;
  if (miles >= route.miles) return points[points.length - 1] as Location;
  let index = 1;
  while (index < cumulativeMiles.length - 1 && (cumulativeMiles[index] as number) < miles) {
    index += 1;
  }
  const start = points[index - 1] as Location;
  const end = points[index] as Location;
  const startMiles = cumulativeMiles[index - 1] as number;
  const length = (cumulativeMiles[index] as number) - startMiles;
  const t = length === 0 ? 1 : (miles - startMiles) / length;
  return {
    lat: round6(start.lat + (end.lat - start.lat) * t),
    lng: round6(start.lng + (end.lng - start.lng) * t),
  };
}

// ---------------------------------------------------------------------------------------------
// Traffic: the route is cut into equal stretches, each driven at the fleet's speed × a factor.

export const TRAFFIC_STRETCHES = 6;

/** Speed factors between 0.55 (congestion) and 1.15 (clear roads), one per stretch. */
export function trafficFactors(seed: number, stretches = TRAFFIC_STRETCHES): number[] {
  const random = seededRandom(seed ^ 0x5bd1e995);
  return Array.from({ length: stretches }, () => Math.round((0.55 + random() * 0.6) * 100) / 100);
}

const HOUR_MS = 3_600_000;

/** Simulated milliseconds to drive the whole route with this traffic. */
export function travelTimeMs(
  routeMiles: number,
  speedMph: number,
  factors: readonly number[],
): number {
  const stretch = routeMiles / factors.length;
  return factors.reduce((sum, factor) => sum + (stretch / (speedMph * factor)) * HOUR_MS, 0);
}

/** Miles covered after `elapsedMs` of simulated driving (at most the route's length). */
export function milesAfter(
  elapsedMs: number,
  routeMiles: number,
  speedMph: number,
  factors: readonly number[],
): number {
  if (elapsedMs <= 0) return 0;
  const stretch = routeMiles / factors.length;
  let covered = 0;
  let left = elapsedMs;
  for (const factor of factors) {
    const stretchMs = (stretch / (speedMph * factor)) * HOUR_MS;
    if (left < stretchMs) return covered + (left / stretchMs) * stretch;
    covered += stretch;
    left -= stretchMs;
  }
  return routeMiles;
}

/**
 * The remaining time a navigation app would estimate: what is left at the speed the courier is
 * making right now. It changes as traffic does, and is exact on the last stretch.
 */
export function estimateRemainingMs(
  milesDone: number,
  routeMiles: number,
  speedMph: number,
  factors: readonly number[],
): number {
  const remaining = Math.max(0, routeMiles - milesDone);
  if (remaining === 0) return 0;
  const stretch = routeMiles / factors.length;
  const index = Math.min(factors.length - 1, Math.floor(milesDone / stretch));
  const factor = factors[index] as number;
  return (remaining / (speedMph * factor)) * HOUR_MS;
}

/** A courier counts as "arriving" this close to the door (the third tracking checkpoint). */
export const ARRIVING_WITHIN_MILES = 0.5;
export const ARRIVING_WITHIN_MS = 3 * 60_000;

export function isArriving(remainingMiles: number, remainingMs: number): boolean {
  return remainingMiles <= ARRIVING_WITHIN_MILES || remainingMs <= ARRIVING_WITHIN_MS;
}
