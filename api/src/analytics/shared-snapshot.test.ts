import { describe, expect, it } from 'vitest';
import { sharedSnapshot } from './shared-snapshot.ts';

describe('sharedSnapshot', () => {
  it('loads once for every caller within the time to live, then again', async () => {
    let now = 0;
    let loads = 0;
    const read = sharedSnapshot(
      async () => {
        loads += 1;
        return loads;
      },
      2_000,
      () => now,
    );
    // Callers arriving while the first load runs share it.
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    now = 1_999;
    expect(await read()).toBe(1);
    now = 2_000;
    expect(await read()).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps no failed load', async () => {
    let fail = true;
    const read = sharedSnapshot(async () => {
      if (fail) throw new Error('database away');
      return 'ok';
    }, 2_000);
    await expect(read()).rejects.toThrow('database away');
    fail = false;
    expect(await read()).toBe('ok');
  });
});
