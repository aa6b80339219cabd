import { describe, expect, it } from 'vitest';
import { FLEET_SIZE, fleetNames } from './fleet.ts';

describe('fleetNames', () => {
  it('gives every store a fleet of distinct names, the same on every call', () => {
    for (const storeId of ['nordstrom-northpark', 'zara-northpark', 'a', '']) {
      const names = fleetNames(storeId);
      expect(names).toHaveLength(FLEET_SIZE);
      expect(new Set(names).size).toBe(FLEET_SIZE);
      expect(fleetNames(storeId)).toEqual(names);
      for (const name of names) expect(name).toMatch(/^CurbBot \w+$/);
    }
  });
});
