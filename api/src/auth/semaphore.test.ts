import { describe, expect, it } from 'vitest';
import { Semaphore, SemaphoreFullError } from './semaphore.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once, the rest in arrival order', async () => {
    const semaphore = new Semaphore(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      semaphore.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(semaphore.running).toBe(2);
    expect(semaphore.waiting).toBe(2);
    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(semaphore.running).toBe(0);
  });

  it('releases the slot when a task fails', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await semaphore.run(async () => 'next')).toBe('next');
    expect(semaphore.running).toBe(0);
  });

  it('refuses newcomers once the queue is full', async () => {
    const semaphore = new Semaphore(1, 1);
    const gate = deferred();
    const first = semaphore.run(() => gate.promise);
    const second = semaphore.run(async () => 'queued');
    await expect(semaphore.run(async () => 'third')).rejects.toBeInstanceOf(SemaphoreFullError);
    gate.resolve();
    await first;
    expect(await second).toBe('queued');
  });
});
