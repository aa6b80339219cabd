import { describe, expect, it, vi } from 'vitest';
import { isPageReady, markPageReady, onPageReady } from './page-ready';

// One module state for the file: the page starts not ready.
describe('page readiness', () => {
  it('runs what waits for the page once it is marked ready, and only once', () => {
    const first = vi.fn();
    const withdrawn = vi.fn();
    onPageReady(first);
    onPageReady(withdrawn)();
    expect(isPageReady()).toBe(false);
    expect(first).not.toHaveBeenCalled();

    markPageReady();
    markPageReady();
    expect(isPageReady()).toBe(true);
    expect(first).toHaveBeenCalledOnce();
    expect(withdrawn).not.toHaveBeenCalled();
  });

  it('runs at once when the page is already ready', () => {
    const late = vi.fn();
    onPageReady(late);
    expect(late).toHaveBeenCalledOnce();
  });
});
