import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after the current task, not within its microtasks', async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    queueMicrotask(() => order.push('later microtask'));
    await waited;
    expect(order).toEqual(['microtask', 'later microtask', 'next task']);
  });
});
