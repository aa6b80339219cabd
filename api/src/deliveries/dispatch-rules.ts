import { COURIER_FLEET_INFO, type CourierFleet } from 'shared-contracts/deliveries';
import { formatCents } from 'shared-contracts/payments';
import {
  COVERAGE,
  DELIVERY_WINDOW_LABELS,
  type DeliveryType,
  type DeliveryWindow,
  type DeliveryZone,
  WEIGHT_CLASSES,
  type WeightClass,
} from 'shared-contracts/quotes';

/**
 * Which courier takes an order: the dispatch rules of the multi-partner network, as a
 * pure function so they are tested without a database.
 *
 * - curbside orders: the store's in-house robots (the car is at the store, inside the core zone);
 * - home delivery inside the core zone: an in-house CurbRun driver while one is free at the store;
 * - otherwise a partner fleet: the fastest for urgent windows (ASAP, 2 hours), the cheapest for
 *   the others; extra-large orders only fit Lone Star Couriers' vans.
 */

export interface FleetProfile {
  /** Average speed in miles per hour of simulated time, without traffic. */
  speedMph: number;
  /** Minutes from dispatch until the courier is at the store. */
  pickupLeadMinutes: number;
  baseCostCents: number;
  perMileCostCents: number;
  /** Farthest delivery (road miles) the fleet accepts. */
  maxMiles: number;
  /** The heaviest weight class it carries. */
  heaviest: WeightClass;
}

/** Home-delivery fleets; robots only serve the curb (their pace is the curbside simulator's). */
export const DRIVER_FLEETS = {
  curbrun_drivers: {
    speedMph: 25,
    pickupLeadMinutes: 2,
    baseCostCents: 600,
    perMileCostCents: 90,
    maxMiles: 14,
    heaviest: 'large',
  },
  doordash_drive: {
    speedMph: 30,
    pickupLeadMinutes: 4,
    baseCostCents: 850,
    perMileCostCents: 150,
    maxMiles: 35,
    heaviest: 'large',
  },
  lone_star_couriers: {
    speedMph: 22,
    pickupLeadMinutes: 8,
    baseCostCents: 450,
    perMileCostCents: 70,
    maxMiles: 90,
    heaviest: 'extra_large',
  },
} as const satisfies Record<Exclude<CourierFleet, 'curbrun_robots'>, FleetProfile>;

export type DriverFleet = keyof typeof DRIVER_FLEETS;

/** In-house drivers working from one store at a time; more orders go to partners. */
export const IN_HOUSE_DRIVERS_PER_STORE = 3;

/** A robot's pace on the store's curb path (about a brisk walk). */
export const ROBOT_SPEED_MPH = 3;

export interface DispatchInput {
  deliveryType: DeliveryType;
  zone: DeliveryZone | null;
  window: DeliveryWindow | null;
  weightClass: WeightClass;
  /** Road miles from the store to the address (0 for curbside). */
  routeMiles: number;
  /** In-house drivers of the store already out on a delivery. */
  busyInHouseDrivers: number;
}

export interface DispatchChoice {
  fleet: CourierFleet;
  reason: string;
  costCents: number;
  speedMph: number;
  pickupLeadMinutes: number;
}

export function fleetCostCents(profile: FleetProfile, routeMiles: number): number {
  return Math.round(profile.baseCostCents + profile.perMileCostCents * routeMiles);
}

/** Simulated minutes from dispatch to the door, without traffic. */
export function fleetArrivalMinutes(profile: FleetProfile, routeMiles: number): number {
  return profile.pickupLeadMinutes + (routeMiles / profile.speedMph) * 60;
}

function carries(profile: FleetProfile, weight: WeightClass): boolean {
  return WEIGHT_CLASSES.indexOf(weight) <= WEIGHT_CLASSES.indexOf(profile.heaviest);
}

const miles = (value: number) => `${value.toFixed(1)} mi`;

export function chooseCourier(input: DispatchInput): DispatchChoice {
  if (input.deliveryType === 'curbside') {
    return {
      fleet: 'curbrun_robots',
      reason:
        'Curbside order at the store, inside the core zone: an in-house CurbRun robot brings it to your parking spot.',
      costCents: 0,
      speedMph: ROBOT_SPEED_MPH,
      pickupLeadMinutes: 0,
    };
  }

  const choose = (fleet: DriverFleet, reason: string): DispatchChoice => {
    const profile = DRIVER_FLEETS[fleet];
    return {
      fleet,
      reason,
      costCents: fleetCostCents(profile, input.routeMiles),
      speedMph: profile.speedMph,
      pickupLeadMinutes: profile.pickupLeadMinutes,
    };
  };

  const inCore = input.zone === 'core';
  const inHouse = DRIVER_FLEETS.curbrun_drivers;
  const inHouseFits =
    inCore && carries(inHouse, input.weightClass) && input.routeMiles <= inHouse.maxMiles;
  if (inHouseFits && input.busyInHouseDrivers < IN_HOUSE_DRIVERS_PER_STORE) {
    return choose(
      'curbrun_drivers',
      `Home delivery ${miles(input.routeMiles)} away inside the ${COVERAGE.coreZoneMiles}-mile core zone, and a CurbRun driver is free at the store: in-house drivers come first.`,
    );
  }

  const partners = (['doordash_drive', 'lone_star_couriers'] as const).filter((fleet) => {
    const profile = DRIVER_FLEETS[fleet];
    return carries(profile, input.weightClass) && input.routeMiles <= profile.maxMiles;
  });
  const why = inHouseFits
    ? 'every CurbRun driver at the store is out on a delivery'
    : !inCore
      ? `the address is beyond the ${COVERAGE.coreZoneMiles}-mile core zone`
      : 'the order is too heavy for a CurbRun driver';

  if (partners.length === 0) {
    // Quotes refuse anything farther than any fleet goes; keep a courier rather than fail.
    return choose(
      'lone_star_couriers',
      `No partner normally takes this order (${miles(input.routeMiles)}, ${input.weightClass.replace('_', '-')}); Lone Star Couriers' vans have the longest reach.`,
    );
  }
  if (partners.length === 1) {
    const [only] = partners as [DriverFleet];
    const reason =
      only === 'lone_star_couriers' && input.weightClass === 'extra_large'
        ? `Extra-large order: only Lone Star Couriers' vans carry it (${why}).`
        : `Only ${COURIER_FLEET_INFO[only].name} takes an order like this (${why}).`;
    return choose(only, reason);
  }

  const urgent = input.window === 'asap' || input.window === '2h';
  const windowLabel = input.window ? DELIVERY_WINDOW_LABELS[input.window] : 'This delivery';
  if (urgent) {
    const [fastest] = [...partners].sort(
      (a, b) =>
        fleetArrivalMinutes(DRIVER_FLEETS[a], input.routeMiles) -
        fleetArrivalMinutes(DRIVER_FLEETS[b], input.routeMiles),
    ) as [DriverFleet];
    const minutes = Math.round(fleetArrivalMinutes(DRIVER_FLEETS[fastest], input.routeMiles));
    return choose(
      fastest,
      `${windowLabel} and ${why}: ${COURIER_FLEET_INFO[fastest].name} is the fastest partner (about ${minutes} min to your door).`,
    );
  }
  const byCost = [...partners].sort(
    (a, b) =>
      fleetCostCents(DRIVER_FLEETS[a], input.routeMiles) -
      fleetCostCents(DRIVER_FLEETS[b], input.routeMiles),
  ) as [DriverFleet, DriverFleet];
  const [cheapest, other] = byCost;
  return choose(
    cheapest,
    `${windowLabel} leaves time and ${why}: ${COURIER_FLEET_INFO[cheapest].name} is the cheapest partner for ${miles(input.routeMiles)} (${formatCents(fleetCostCents(DRIVER_FLEETS[cheapest], input.routeMiles))} against ${formatCents(fleetCostCents(DRIVER_FLEETS[other], input.routeMiles))}).`,
  );
}
