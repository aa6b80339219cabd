import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from 'shared-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, IdleSupportWidget, whenIdle } from './idle-support-widget';

function renderAt(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <IdleSupportWidget />
      </MemoryRouter>
    </AppProviders>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
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

describe('IdleSupportWidget', () => {
  it('adds the launcher only once the page is idle', async () => {
    let idle: IdleRequestCallback | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    renderAt('/');
    expect(screen.queryByTestId('support-launcher')).not.toBeInTheDocument();
    act(() => idle?.({ didTimeout: false, timeRemaining: () => 10 }));
    expect(await screen.findByTestId('support-launcher')).toBeInTheDocument();
  });

  it('loads and opens the chat at once for /#chat, without waiting for idle', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => {});
    renderAt('/about-us#chat');
    expect(await screen.findByRole('dialog', { name: 'Customer Support' })).toBeInTheDocument();
    expect(IDLE_TIMEOUT_MS).toBeLessThanOrEqual(3000);
  });
});
