import { afterEach, describe, expect, it, vi } from 'vitest';
import { markPageReady } from '../page-ready';
import { PAGE_READY_TIMEOUT_MS, whenIdle } from './when-idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// One module state for the file: the first test runs before the page is marked ready.
describe('whenIdle', () => {
  it('stops waiting for a page that never marks itself ready', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    whenIdle(callback, 100);
    vi.advanceTimersByTime(PAGE_READY_TIMEOUT_MS + 99);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('waits until the page is marked ready, then for an idle moment', () => {
    const requestIdleCallback = vi.fn((_callback: IdleRequestCallback) => 3);
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const callback = vi.fn();
    const cancelled = vi.fn();
    whenIdle(callback);
    whenIdle(cancelled)();
    expect(requestIdleCallback).not.toHaveBeenCalled();
    markPageReady();
    expect(requestIdleCallback).toHaveBeenCalledOnce();
    requestIdleCallback.mock.calls[0]?.[0]({ didTimeout: false, timeRemaining: () => 10 });
    expect(callback).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('waits for requestIdleCallback, with the timeout as its deadline', () => {
    const requestIdleCallback = vi.fn((_callback: IdleRequestCallback) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const callback = vi.fn();
    const cancel = whenIdle(callback, 1234);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1234 });
    expect(callback).not.toHaveBeenCalled();
    requestIdleCallback.mock.calls[0]?.[0]({ didTimeout: false, timeRemaining: () => 10 });
    expect(callback).toHaveBeenCalledOnce();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('falls back to a timer without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    whenIdle(callback, 500);
    vi.advanceTimersByTime(499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });
});
