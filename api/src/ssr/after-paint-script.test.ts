import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  AFTER_PAINT_SCRIPT,
  AFTER_PAINT_SCRIPT_ELEMENT,
  AFTER_PAINT_SCRIPT_SOURCE,
} from './after-paint-script.ts';

type PaintList = { getEntriesByName: (name: string) => unknown[] };

/** Runs the script against a stand-in page; answers what it did and how to move time on. */
function runScript({
  hidden = false,
  paintTiming = true,
}: {
  hidden?: boolean;
  paintTiming?: boolean;
} = {}) {
  const applied: unknown[] = [];
  const content = { hints: ['<link rel="preload">'] };
  const template = {
    removed: false,
    content,
    remove() {
      template.removed = true;
    },
  };
  let onPaint: ((list: PaintList) => void) | undefined;
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const page = {
    document: {
      visibilityState: hidden ? 'hidden' : 'visible',
      getElementById: (id: string) =>
        id === 'after-paint-hints' && !template.removed ? template : null,
      head: { append: (node: unknown) => applied.push(node) },
    },
    PerformanceObserver: paintTiming
      ? class {
          constructor(callback: (list: PaintList) => void) {
            onPaint = callback;
          }
          observe() {}
          disconnect() {
            onPaint = undefined;
          }
        }
      : undefined,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void) => timers.push(run),
  };
  runInNewContext(AFTER_PAINT_SCRIPT, page);
  return {
    applied,
    content,
    paint: (name: string) => onPaint?.({ getEntriesByName: (n) => (n === name ? [{}] : []) }),
    nextFrame: () => {
      for (const run of frames.splice(0)) run();
    },
    fallback: () => {
      for (const run of timers.splice(0)) run();
    },
  };
}

describe('the after-paint script', () => {
  it('puts the hints into the head at the first contentful paint, not before, and once', () => {
    const page = runScript();
    page.paint('first-paint');
    expect(page.applied).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.applied).toEqual([page.content]);
    page.fallback();
    expect(page.applied).toHaveLength(1);
  });

  it('applies them after a second when no paint is reported', () => {
    const page = runScript();
    page.fallback();
    expect(page.applied).toEqual([page.content]);
  });

  it('applies them at once in a hidden tab, which paints nothing until it is shown', () => {
    expect(runScript({ hidden: true }).applied).toHaveLength(1);
  });

  it('waits for the frame after the first one where the browser has no paint timing', () => {
    const page = runScript({ paintTiming: false });
    page.nextFrame();
    expect(page.applied).toEqual([]);
    page.nextFrame();
    expect(page.applied).toEqual([page.content]);
  });

  it('is allowed by its hash, and nothing in it can close its element', () => {
    const digest = createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64');
    expect(AFTER_PAINT_SCRIPT_SOURCE).toBe(`'sha256-${digest}'`);
    expect(AFTER_PAINT_SCRIPT_ELEMENT).toBe(`<script>${AFTER_PAINT_SCRIPT}</script>`);
    expect(AFTER_PAINT_SCRIPT).not.toContain('<');
  });
});
