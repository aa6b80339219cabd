import type { CourierFleet } from 'shared-contracts/deliveries';
import { seededRandom } from './courier-route.ts';

/**
 * Who drives: a name and a vehicle for the chosen fleet, drawn deterministically from the delivery
 * (the same delivery always shows the same driver). Partners' drivers use their own cars; CurbRun
 * drivers use the company's electric vans; Lone Star Couriers run box vans for heavy orders.
 */

const FIRST_NAMES = [
  'Maria',
  'James',
  'Aaliyah',
  'Diego',
  'Priya',
  'Marcus',
  'Sofia',
  'Tyler',
  'Mei',
  'Andre',
  'Lucia',
  'Ethan',
  'Fatima',
  'Carlos',
  'Hannah',
  'Jamal',
] as const;
const LAST_INITIALS = 'ABCDGHJKLMNPRSTVW';

const VEHICLES: Record<Exclude<CourierFleet, 'curbrun_robots'>, readonly string[]> = {
  curbrun_drivers: ['White Ford E-Transit', 'White Rivian EDV', 'White Mercedes eSprinter'],
  doordash_drive: [
    'Silver Honda Civic',
    'Blue Toyota Corolla',
    'Grey Hyundai Elantra',
    'Black Toyota Camry',
    'Red Mazda CX-5',
    'White Kia Soul',
  ],
  lone_star_couriers: [
    'White Isuzu NPR box truck',
    'White Ford Transit cargo van',
    'Grey Ram ProMaster',
  ],
};

export interface DriverIdentity {
  name: string;
  vehicle: string;
}

export function driverFor(
  fleet: Exclude<CourierFleet, 'curbrun_robots'>,
  seed: number,
): DriverIdentity {
  const random = seededRandom(seed ^ 0x2545f491);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const name = `${pick(FIRST_NAMES)} ${LAST_INITIALS[Math.floor(random() * LAST_INITIALS.length)]}.`;
  const letters = Array.from({ length: 3 }, () =>
    String.fromCharCode(65 + Math.floor(random() * 26)),
  ).join('');
  const digits = String(1000 + Math.floor(random() * 9000));
  return { name, vehicle: `${pick(VEHICLES[fleet])} · TX ${letters}-${digits}` };
}
