import { PAINT_FIRST_HINTS_ID } from 'shared-contracts/server-page';
import { afterEach, describe, expect, it } from 'vitest';
import { afterPaint, applyHintsAfterPaint } from './hints-after-paint';

afterEach(() => {
  document.head.innerHTML = '';
});

function pageWithHints() {
  document.head.innerHTML = `<template id="${PAINT_FIRST_HINTS_ID}"><link rel="preload" as="script" href="/remotes/retailer/remoteEntry.a.js"><link rel="preload" as="script" href="/remotes/retailer/routes.b.js"></template>`;
}

const liveHints = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>(':scope > link[rel="preload"]')].map((link) =>
    link.getAttribute('href'),
  );

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

describe('applyHintsAfterPaint', () => {
  it('puts the hints into the page once it has painted, not before, and once only', () => {
    pageWithHints();
    const { scheduler, paint, timeout } = manualScheduler();
    applyHintsAfterPaint(document, scheduler);
    expect(liveHints()).toEqual([]);
    paint();
    expect(liveHints()).toEqual([
      '/remotes/retailer/remoteEntry.a.js',
      '/remotes/retailer/routes.b.js',
    ]);
    expect(document.getElementById(PAINT_FIRST_HINTS_ID)).toBeNull();
    timeout();
    expect(liveHints()).toHaveLength(2);
  });

  it('puts them in after a second when no paint is reported', () => {
    pageWithHints();
    const { scheduler, timeout } = manualScheduler();
    applyHintsAfterPaint(document, scheduler);
    timeout();
    expect(liveHints()).toHaveLength(2);
  });

  it('does nothing on a page without after-paint hints', () => {
    document.head.innerHTML = '<link rel="preload" as="script" href="/x.js">';
    const { scheduler, paint } = manualScheduler();
    applyHintsAfterPaint(document, scheduler);
    paint();
    expect(liveHints()).toEqual(['/x.js']);
  });
});

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
