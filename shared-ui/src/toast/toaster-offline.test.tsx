import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme/theme';
import { resetToasts, toast } from './toast-store';
import { Toaster } from './toaster';

// The toast area's code is fetched on demand; without a connection that fetch fails. The first
// two attempts fail here, as they would with the signal gone; the third loads it.
const load = vi.hoisted(() => ({ failuresLeft: 2 }));
vi.mock('./radix-toaster', async (importActual) => {
  if (load.failuresLeft > 0) {
    load.failuresLeft -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importActual();
});

afterEach(() => {
  act(() => resetToasts());
});

describe('<Toaster> without its code', () => {
  it('still shows a toast when its code cannot load, and the page around it stays', async () => {
    render(
      <ThemeProvider theme={theme}>
        <p>The page</p>
        <Toaster />
      </ThemeProvider>,
    );
    act(() => {
      toast({ title: 'Arrival saved', description: 'It is sent when your signal is back.' });
    });
    const shown = await screen.findByRole('status');
    expect(shown).toHaveTextContent('Arrival saved');
    expect(shown).toHaveTextContent('It is sent when your signal is back.');
    expect(screen.getByText('The page')).toBeInTheDocument();

    // The press asks for the code once more, and fails again.
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Arrival saved')).not.toBeInTheDocument();

    // The signal is back: the code loads, and the next toast is Radix's.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    act(() => {
      toast({ title: 'Store Notified!' });
    });
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
    expect(await screen.findByText('Store Notified!')).toBeInTheDocument();
    expect(load.failuresLeft).toBe(0);
  });
});
