import type { Location } from 'shared-contracts/addresses';
import type { CourierPosition } from 'shared-contracts/deliveries';
import {
  estimateRemainingMs,
  milesAfter,
  pointAlong,
  routeFromPoints,
  travelTimeMs,
} from './courier-route.ts';
import type { DeliveryRow } from './schema.ts';

/**
 * Where the courier is at `now`, derived from the delivery's current leg (no stored track): the
 * fraction of the leg's real duration that has passed becomes simulated driving time, which the
 * traffic profile turns into miles along the route.
 */

export type LegFields = Pick<
  DeliveryRow,
  | 'status'
  | 'route'
  | 'routeMiles'
  | 'traffic'
  | 'speedMph'
  | 'legStartedAt'
  | 'legDurationMs'
  | 'timeScale'
  | 'etaAt'
  | 'origin'
  | 'destination'
  | 'holdingLocation'
>;

export interface LegProgress {
  position: CourierPosition;
  /** Real milliseconds until the leg really ends (0 once it has). */
  realRemainingMs: number;
  /** Simulated milliseconds a navigation app would estimate for the rest. */
  estimatedRemainingSimMs: number;
  etaAt: Date | null;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

function still(
  location: Location,
  progress: number,
  remainingMiles: number,
  now: Date,
): CourierPosition {
  return {
    location,
    progress,
    remainingMiles: round3(remainingMiles),
    at: now.toISOString(),
  };
}

/** The courier's position, remaining time and ETA at `now`. */
export function legProgress(row: LegFields, now: Date): LegProgress {
  const start = (row.route[0] ?? row.origin.location) as Location;
  const end = (row.route[row.route.length - 1] ?? row.destination.location) as Location;
  const moving = row.status === 'en_route' || row.status === 'arriving';
  if (!moving || !row.legStartedAt || !row.legDurationMs) {
    switch (row.status) {
      case 'awaiting_customer':
      case 'delivered':
        return {
          position: still(end, 1, 0, now),
          realRemainingMs: 0,
          estimatedRemainingSimMs: 0,
          etaAt: null,
        };
      case 'held':
        return {
          position: still(row.holdingLocation?.location ?? start, 0, 0, now),
          realRemainingMs: 0,
          estimatedRemainingSimMs: 0,
          etaAt: null,
        };
      default:
        return {
          position: still(start, 0, row.routeMiles, now),
          realRemainingMs: 0,
          estimatedRemainingSimMs: 0,
          etaAt: row.status === 'cancelled' ? null : row.etaAt,
        };
    }
  }
  const elapsedReal = now.getTime() - row.legStartedAt.getTime();
  const fraction = Math.min(1, Math.max(0, elapsedReal / row.legDurationMs));
  const totalSimMs = travelTimeMs(row.routeMiles, row.speedMph, row.traffic);
  const milesDone = milesAfter(fraction * totalSimMs, row.routeMiles, row.speedMph, row.traffic);
  const remainingMiles = Math.max(0, row.routeMiles - milesDone);
  const estimatedRemainingSimMs = estimateRemainingMs(
    milesDone,
    row.routeMiles,
    row.speedMph,
    row.traffic,
  );
  const route = routeFromPoints(row.route);
  return {
    position: still(
      pointAlong(route, milesDone),
      row.routeMiles === 0 ? fraction : milesDone / row.routeMiles,
      remainingMiles,
      now,
    ),
    realRemainingMs: Math.max(0, row.legStartedAt.getTime() + row.legDurationMs - now.getTime()),
    estimatedRemainingSimMs,
    etaAt: new Date(now.getTime() + estimatedRemainingSimMs * row.timeScale),
  };
}
