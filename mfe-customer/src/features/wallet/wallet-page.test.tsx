import { screen } from '@testing-library/react';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, testEntriesPage, testEntry, walletRoutes } from './test-wallet';
import { WalletPage } from './wallet-page';

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('WalletPage', () => {
  it('says what is loading, then shows the balance, cards and activity', async () => {
    const balance = deferred<Response>();
    mockFetch({
      ...walletRoutes({ entries: testEntriesPage([testEntry()]) }),
      'GET /api/wallet': () => balance.promise,
    });
    renderWithProviders(<WalletPage />, { path: '/wallet' });
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading your balance' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading activity' })).toBeInTheDocument();
    expect(screen.queryByTestId('wallet-balance')).toBeNull();

    balance.resolve(json({ balanceCents: 123_456 }));
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('$1,234.56');
    expect(screen.queryByRole('status', { name: 'Loading your balance' })).toBeNull();
    expect(await screen.findByText('No saved cards yet.')).toBeVisible();
    expect(await screen.findByRole('table')).toHaveTextContent('+$25.00');
    expect(screen.getByRole('heading', { name: 'Add funds' })).toBeVisible();
  });

  it("shows the server's message when the balance cannot be read, and the rest still works", async () => {
    mockFetch({
      ...walletRoutes(),
      'GET /api/wallet': () => json({ message: 'Your wallet is unavailable right now.' }, 503),
    });
    renderWithProviders(<WalletPage />, { path: '/wallet' });
    // A 5xx read is retried once (1 s) before the message shows.
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Your wallet is unavailable right now.',
    );
    expect(screen.queryByTestId('wallet-balance')).toBeNull();
    expect(screen.getByText('No activity yet. Add funds to get started.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add $25.00' })).toBeEnabled();
  });
});
