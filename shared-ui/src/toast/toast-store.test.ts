import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  getToastState,
  resetToasts,
  TOAST_REMOVE_DELAY,
  toast,
  toastReducer,
} from './toast-store';

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps only one toast: a new one replaces the visible one', () => {
    toast({ title: 'First' });
    toast({ title: 'Second' });
    const { toasts } = getToastState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.title).toBe('Second');
    expect(toasts[0]?.open).toBe(true);
  });

  it('updates a toast in place', () => {
    const handle = toast({ title: 'Saving' });
    handle.update({ title: 'Saved', variant: 'success' });
    expect(getToastState().toasts[0]).toMatchObject({
      id: handle.id,
      title: 'Saved',
      variant: 'success',
    });
  });

  it('closes on dismiss and removes the toast 1,000,000 ms later', () => {
    vi.useFakeTimers();
    const handle = toast({ title: 'Bye' });
    dismissToast(handle.id);
    expect(getToastState().toasts[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToastState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToastState().toasts).toHaveLength(0);
  });

  it('dismisses every toast when no id is given', () => {
    const state = toastReducer(
      {
        toasts: [
          { id: 'a', open: true },
          { id: 'b', open: true },
        ],
      },
      { type: 'DISMISS_TOAST' },
    );
    expect(state.toasts.every((t) => !t.open)).toBe(true);
    expect(toastReducer(state, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
});
