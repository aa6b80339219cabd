import { describe, expect, it } from 'vitest';
import { afterPaint } from './after-paint';

/** A scheduler whose paint and timer the test fires. */
function manualScheduler() {
  const waiting: Array<() => void> = [];
  const timers: Array<() => void> = [];
  return {
    scheduler: {
      afterFirstPaint: (run: () => void) => waiting.push(run),
      setTimeout: (run: () => void) => timers.push(run),
    },
    paint: () => {
      for (const run of waiting.splice(0)) run();
    },
    timeout: () => {
      for (const run of timers.splice(0)) run();
    },
  };
}

describe('afterPaint', () => {
  it('runs once the page has painted, once only, even when the fallback fires too', () => {
    const { scheduler, paint, timeout } = manualScheduler();
    const runs: string[] = [];
    afterPaint(() => runs.push('started'), document, scheduler);
    expect(runs).toEqual([]);
    paint();
    timeout();
    expect(runs).toEqual(['started']);
  });

  it('runs after the fallback when no paint is reported', () => {
    const { scheduler, timeout } = manualScheduler();
    const runs: string[] = [];
    afterPaint(() => runs.push('started'), document, scheduler);
    timeout();
    expect(runs).toEqual(['started']);
  });

  it('runs at once in a hidden tab, which paints nothing until it is shown', () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      const { scheduler } = manualScheduler();
      const runs: string[] = [];
      afterPaint(() => runs.push('started'), document, scheduler);
      expect(runs).toEqual(['started']);
    } finally {
      // Back to the prototype's getter.
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });
});
