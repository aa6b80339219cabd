import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRevealInSteps } from './use-reveal-in-steps';

describe('useRevealInSteps', () => {
  beforeEach(() =>
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    }),
  );
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('shows the first section at once, then one more after each painted frame', async () => {
    const { result } = renderHook(() => useRevealInSteps(3));
    expect(result.current.shown).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(result.current.shown).toBe(2);
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(result.current.shown).toBe(3);
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(result.current.shown).toBe(3);
  });

  it('shows everything at once when asked, before an in-page link is followed', () => {
    const { result } = renderHook(() => useRevealInSteps(8));
    act(() => result.current.revealAll());
    expect(result.current.shown).toBe(8);
  });

  it('starts with everything on a page opened at a #fragment', () => {
    window.history.replaceState(null, '', '/api-docs#tag-leasing');
    const { result } = renderHook(() => useRevealInSteps(8));
    expect(result.current.shown).toBe(8);
  });
});
