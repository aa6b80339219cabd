import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../components/dialog';
import { theme } from '../theme/theme';
import { RadixToaster } from './radix-toaster';
import { resetToasts, toast } from './toast-store';

function renderToaster() {
  return render(
    <ThemeProvider theme={theme}>
      <RadixToaster />
    </ThemeProvider>,
  );
}

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('<RadixToaster>', () => {
  it('shows one toast at a time with its title and description', () => {
    renderToaster();
    act(() => {
      toast({ title: 'Login failed', description: 'Wrong password' });
      toast({ title: 'Registration Successful', description: 'Check your email' });
    });
    expect(screen.getByText('Registration Successful')).toBeInTheDocument();
    expect(screen.getByText('Check your email')).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });

  it('hides a toast after 5 seconds by default', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => {
      toast({ title: 'Store Notified!' });
    });
    expect(screen.getByText('Store Notified!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Store Notified!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Store Notified!')).not.toBeInTheDocument();
  });

  it('has a labelled close button', () => {
    renderToaster();
    act(() => {
      toast({ title: 'Hello' });
    });
    expect(screen.getByRole('button', { name: 'Dismiss notification' })).toBeInTheDocument();
  });

  it('keeps a toast raised while a modal dialog is open reachable by screen readers', () => {
    // The PIN dialog is open when 'Verification Failed' arrives: the modal hides the rest of the
    // page from assistive technology, but not the toast region.
    render(
      <ThemeProvider theme={theme}>
        <main>
          <p>Tracking page</p>
        </main>
        <Dialog open onOpenChange={() => {}} title="Enter your PIN">
          <input aria-label="PIN" />
        </Dialog>
        <RadixToaster />
      </ThemeProvider>,
    );
    act(() => {
      toast({
        title: 'Verification Failed',
        description: 'Invalid PIN. Please try again.',
        variant: 'destructive',
      });
    });
    expect(screen.getByRole('dialog', { name: 'Enter your PIN' })).toBeInTheDocument();
    // getByRole skips anything inside aria-hidden: the page behind the modal is hidden, the toast
    // (and its Dismiss button) is not.
    expect(screen.queryByText('Tracking page')?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Dismiss notification' })).toBeInTheDocument();
    expect(screen.getByText('Verification Failed').closest('[aria-hidden="true"]')).toBeNull();
  });
});
