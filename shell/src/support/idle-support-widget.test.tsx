import { act, render, screen } from '@testing-library/react';
import { AppProviders } from 'shared-auth';
import { MemoryRouter } from 'shared-auth/testing';
import { IDLE_TIMEOUT_MS, markPageReady } from 'shared-ui';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IdleSupportWidget } from './idle-support-widget';

function renderAt(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <IdleSupportWidget />
      </MemoryRouter>
    </AppProviders>,
  );
}

// The shell marks the page ready once its first page is on screen (app.tsx).
beforeAll(() => markPageReady());

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('IdleSupportWidget', () => {
  it('adds the launcher only once the page is idle', async () => {
    // Everything waiting for idle time (the launcher, and the toast area of the providers).
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    renderAt('/');
    expect(screen.queryByTestId('support-launcher')).not.toBeInTheDocument();
    act(() => {
      for (const callback of idle) callback({ didTimeout: false, timeRemaining: () => 10 });
    });
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
