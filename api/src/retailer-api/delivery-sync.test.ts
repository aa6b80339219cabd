import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createDeliverySyncLoop, SYNC_BATCH_SIZE } from './delivery-sync.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sync loop over `syncBatch` instead of the database; an error fails the test. */
const loopOver = (syncBatch: () => Promise<number>) =>
  createDeliverySyncLoop({
    db: {} as Db,
    deps: { schedule: async () => undefined as never },
    onError: (error) => {
      throw error;
    },
    syncBatch,
  });

describe('createDeliverySyncLoop', () => {
  it('stops after the batch in hand, not after the whole backlog', async () => {
    let batches = 0;
    // A backlog that never runs out: every batch comes back full.
    const loop = loopOver(async () => {
      batches += 1;
      await sleep(10);
      return SYNC_BATCH_SIZE;
    });
    const pass = loop.run();
    await sleep(35);
    const stopped = loop.stop().then(() => 'stopped');
    // On a server closing mid-backlog, stop() has to come back within a batch.
    expect(await Promise.race([stopped, sleep(1000).then(() => 'still syncing')])).toBe('stopped');
    await pass;
    const afterStop = batches;
    await sleep(50);
    expect(batches).toBe(afterStop);
    expect(afterStop).toBeLessThan(10);
  });

  it('keeps going while batches come back full, and ends on a short one', async () => {
    const sizes = [SYNC_BATCH_SIZE, SYNC_BATCH_SIZE, 3];
    let batches = 0;
    const loop = loopOver(async () => sizes[batches++] ?? 0);
    await loop.run();
    expect(batches).toBe(3);
    await loop.stop();
  });
});
