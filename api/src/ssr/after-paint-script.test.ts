import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  AFTER_PAINT_SCRIPT,
  AFTER_PAINT_SCRIPT_ELEMENT,
  AFTER_PAINT_SCRIPT_SOURCE,
} from './after-paint-script.ts';

/** Runs the script against a stand-in page; answers what it did and how to move time on. */
function runScript({ hidden = false }: { hidden?: boolean } = {}) {
  const applied: unknown[] = [];
  const content = { hints: ['<link rel="preload">'] };
  const template = {
    removed: false,
    content,
    remove() {
      template.removed = true;
    },
  };
  const frames: Array<() => void> = [];
  const timers: Array<{ run: () => void; ms: number }> = [];
  const page = {
    document: {
      visibilityState: hidden ? 'hidden' : 'visible',
      getElementById: (id: string) =>
        id === 'after-paint-hints' && !template.removed ? template : null,
      head: { append: (node: unknown) => applied.push(node) },
    },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  };
  runInNewContext(AFTER_PAINT_SCRIPT, page);
  /** Runs the timers due within `ms` of the script, in order. */
  const after = (ms: number) => {
    for (const timer of timers.splice(0).sort((a, b) => a.ms - b.ms)) {
      if (timer.ms <= ms) timer.run();
      else timers.push(timer);
    }
  };
  return {
    applied,
    content,
    firstFrame: () => {
      for (const run of frames.splice(0)) run();
    },
    after,
  };
}

describe('the after-paint script', () => {
  it('puts the hints into the head in the task after the first frame, not in it, and once', () => {
    const page = runScript();
    page.after(0);
    expect(page.applied).toEqual([]);
    page.firstFrame();
    expect(page.applied).toEqual([]);
    page.after(0);
    expect(page.applied).toEqual([page.content]);
    page.after(1000);
    expect(page.applied).toHaveLength(1);
  });

  it('applies them a second after the script when no frame has come', () => {
    const page = runScript();
    page.after(999);
    expect(page.applied).toEqual([]);
    page.after(1000);
    expect(page.applied).toEqual([page.content]);
  });

  it('applies them at once in a hidden tab, which renders no frame until it is shown', () => {
    expect(runScript({ hidden: true }).applied).toHaveLength(1);
  });

  it('is allowed by its hash, and nothing in it can close its element', () => {
    const digest = createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64');
    expect(AFTER_PAINT_SCRIPT_SOURCE).toBe(`'sha256-${digest}'`);
    expect(AFTER_PAINT_SCRIPT_ELEMENT).toBe(`<script>${AFTER_PAINT_SCRIPT}</script>`);
    expect(AFTER_PAINT_SCRIPT).not.toContain('<');
  });
});
