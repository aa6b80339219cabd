import { describe, expect, it } from 'vitest';
import {
  chooseCourier,
  type DispatchInput,
  DRIVER_FLEETS,
  fleetArrivalMinutes,
  fleetCostCents,
  IN_HOUSE_DRIVERS_PER_STORE,
} from './dispatch-rules.ts';

const home = (extra: Partial<DispatchInput> = {}): DispatchInput => ({
  deliveryType: 'home',
  zone: 'core',
  window: 'asap',
  weightClass: 'small',
  routeMiles: 4,
  busyInHouseDrivers: 0,
  ...extra,
});

describe('chooseCourier', () => {
  it('sends an in-house robot for curbside orders', () => {
    const choice = chooseCourier({
      ...home(),
      deliveryType: 'curbside',
      zone: 'curbside',
      routeMiles: 0,
    });
    expect(choice.fleet).toBe('curbrun_robots');
    expect(choice.reason).toContain('in-house CurbRun robot');
  });

  it('prefers a free in-house driver inside the core zone', () => {
    const choice = chooseCourier(home());
    expect(choice.fleet).toBe('curbrun_drivers');
    expect(choice.reason).toContain('inside the 10-mile core zone');
    expect(choice.costCents).toBe(fleetCostCents(DRIVER_FLEETS.curbrun_drivers, 4));
    expect(choice.speedMph).toBe(DRIVER_FLEETS.curbrun_drivers.speedMph);
  });

  it('goes to the fastest partner for urgent windows when every in-house driver is out', () => {
    const choice = chooseCourier(home({ busyInHouseDrivers: IN_HOUSE_DRIVERS_PER_STORE }));
    expect(choice.fleet).toBe('doordash_drive');
    expect(choice.reason).toMatch(
      /^ASAP \(1–2 hours\) and every CurbRun driver at the store is out/,
    );
    expect(choice.reason).toContain('fastest partner');
    expect(fleetArrivalMinutes(DRIVER_FLEETS.doordash_drive, 4)).toBeLessThan(
      fleetArrivalMinutes(DRIVER_FLEETS.lone_star_couriers, 4),
    );
  });

  it('goes to the cheapest partner when the window leaves time', () => {
    const choice = chooseCourier(home({ zone: 'extended', window: '6h', routeMiles: 18 }));
    expect(choice.fleet).toBe('lone_star_couriers');
    expect(choice.reason).toContain('beyond the 10-mile core zone');
    expect(choice.reason).toContain('cheapest partner for 18.0 mi ($17.10 against $35.50)');
  });

  it('uses the fastest partner beyond the core zone for a 2-hour window', () => {
    const choice = chooseCourier(home({ zone: 'extended', window: '2h', routeMiles: 18 }));
    expect(choice.fleet).toBe('doordash_drive');
  });

  it('gives extra-large orders to the only fleet with vans', () => {
    const choice = chooseCourier(home({ weightClass: 'extra_large' }));
    expect(choice.fleet).toBe('lone_star_couriers');
    expect(choice.reason).toContain("Extra-large order: only Lone Star Couriers' vans carry it");
    expect(choice.reason).toContain('too heavy for a CurbRun driver');
  });

  it('keeps long next-day trips with the fleet that reaches them', () => {
    const choice = chooseCourier(
      home({ zone: 'next_day_only', window: 'next_day', routeMiles: 60 }),
    );
    expect(choice.fleet).toBe('lone_star_couriers');
    expect(choice.reason).toContain('Only Lone Star Couriers');
  });

  it('partners differ in speed and cost', () => {
    const { doordash_drive: fast, lone_star_couriers: cheap } = DRIVER_FLEETS;
    expect(fast.speedMph).toBeGreaterThan(cheap.speedMph);
    expect(fleetCostCents(fast, 10)).toBeGreaterThan(fleetCostCents(cheap, 10));
  });
});
