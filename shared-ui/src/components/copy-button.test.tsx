import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme/theme';
import { COPY_CONFIRMATION_MS, CopyButton } from './copy-button';

function renderButton(props: { accessibleLabel?: string } = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <CopyButton text="sk_test_123" label="Copy" {...props} />
    </ThemeProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('<CopyButton>', () => {
  it('copies, says "Copied!" for 2 s, then its label again', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderButton();
    await act(async () => {
      screen.getByRole('button', { name: 'Copy' }).click();
    });
    expect(writeText).toHaveBeenCalledWith('sk_test_123');
    expect(screen.getByRole('button')).toHaveTextContent('Copied!');
    await act(async () => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1);
    });
    expect(screen.getByRole('button')).toHaveTextContent('Copied!');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button')).toHaveTextContent('Copy');
  });

  it('says so when the browser refuses', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    renderButton();
    await act(async () => {
      screen.getByRole('button').click();
    });
    expect(screen.getByRole('button')).toHaveTextContent('Copy failed');
  });

  it('keeps the visible label at the start of the accessible name', () => {
    renderButton({ accessibleLabel: 'Copy the test key' });
    expect(screen.getByRole('button', { name: 'Copy the test key' })).toBeInTheDocument();
  });

  it('carries its text for a tap before hydration, and confirms that copy once hydrated', async () => {
    const button = (
      <ThemeProvider theme={theme}>
        <CopyButton text="sk_test_123" label="Copy" />
      </ThemeProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(button);
    document.body.append(container);
    const served = container.querySelector('button');
    expect(served?.getAttribute('data-copy-text')).toBe('sk_test_123');
    // What shell/src/boot/early-copy.ts notes when it copied on the tap.
    served?.setAttribute('data-copied-at', String(Date.now()));

    const root = await act(async () => hydrateRoot(container, button));
    expect(screen.getByRole('button')).toHaveTextContent('Copied!');
    expect(screen.getByRole('button').hasAttribute('data-copied-at')).toBe(false);
    act(() => root.unmount());
    container.remove();
  });
});
