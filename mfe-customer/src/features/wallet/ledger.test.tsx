import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Ledger } from './ledger';
import { deferred, testEntriesPage, testEntry } from './test-wallet';

const PAYMENT = testEntry({
  id: '66666666-6666-4666-8666-666666666666',
  kind: 'payment',
  amountCents: -1_299,
  balanceAfterCents: 1_201,
  description: 'Curbside pickup',
  orderPickupId: '22222222-2222-4222-8222-222222222222',
  orderNumber: 'CR-100600',
  createdAt: '2026-03-03T18:30:00.000Z',
});
const TOP_UP = testEntry();

/** The query of each ledger read, as the server receives it. */
function ledgerQueries(calls: ReturnType<typeof mockFetch>['calls']) {
  return calls
    .filter((call) => call.key === 'GET /api/wallet/entries')
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));
}

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Ledger', () => {
  it('says it is loading, then lists entries newest first with signed amounts', async () => {
    const answer = deferred<Response>();
    mockFetch({ 'GET /api/wallet/entries': () => answer.promise });
    renderWithProviders(<Ledger />, { path: '/wallet' });
    expect(screen.getByRole('status', { name: 'Loading activity' })).toBeInTheDocument();

    answer.resolve(json(testEntriesPage([PAYMENT, TOP_UP])));
    const table = await screen.findByRole('table');
    expect(screen.queryByRole('status', { name: 'Loading activity' })).toBeNull();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Curbside pickup (CR-100600)');
    expect(rows[0]).toHaveTextContent('Payment');
    expect(rows[0]).toHaveTextContent('-$12.99');
    expect(rows[0]).toHaveTextContent('$12.01');
    expect(rows[1]).toHaveTextContent('Top-up');
    expect(rows[1]).toHaveTextContent('+$25.00');
    expect(screen.getByText('Page 1 of 1 · 2 entries')).toBeVisible();
  });

  it('invites a first top-up when there is no activity yet', async () => {
    mockFetch({ 'GET /api/wallet/entries': () => json(testEntriesPage([])) });
    renderWithProviders(<Ledger />, { path: '/wallet' });
    expect(await screen.findByText('No activity yet. Add funds to get started.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('filters by type and dates from the first page, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/wallet/entries': ({ url }) => {
        const kind = new URL(url, 'http://x').searchParams.get('kind');
        return json(
          kind === 'refund'
            ? testEntriesPage([])
            : testEntriesPage([PAYMENT, TOP_UP], { total: 25 }),
        );
      },
    });
    renderWithProviders(<Ledger />, { path: '/wallet' });
    expect(await screen.findByText('Page 1 of 3 · 25 entries')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(ledgerQueries(calls).at(-1)).toMatchObject({ page: '2' }));

    await user.selectOptions(screen.getByLabelText('Type'), 'Refund');
    expect(await screen.findByText('No activity matches these filters.')).toBeVisible();
    expect(ledgerQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '10', kind: 'refund' });

    await user.selectOptions(screen.getByLabelText('Type'), 'All');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await waitFor(() =>
      expect(ledgerQueries(calls).at(-1)).toEqual({
        page: '1',
        pageSize: '10',
        from: '2026-03-01',
        to: '2026-03-31',
      }),
    );
  });

  it('pages through the activity, each end refusing to go further', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/wallet/entries': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return json(testEntriesPage([page === 1 ? PAYMENT : TOP_UP], { page, total: 12 }));
      },
    });
    renderWithProviders(<Ledger />, { path: '/wallet' });
    expect(await screen.findByText('Page 1 of 2 · 12 entries')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 · 12 entries')).toBeVisible();
    expect(screen.getByRole('table')).toHaveTextContent('+$25.00');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(ledgerQueries(calls).map((query) => query.page)).toEqual(['1', '2']);

    await user.selectOptions(screen.getByLabelText('Per page'), '25');
    await waitFor(() => expect(ledgerQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '25' }));
  });

  it("shows the server's message when the activity cannot be read", async () => {
    mockFetch({
      'GET /api/wallet/entries': () =>
        json({ message: 'The ledger is unavailable right now.' }, 503),
    });
    renderWithProviders(<Ledger />, { path: '/wallet' });
    // A 5xx read is retried once (1 s) before the message shows.
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent("We couldn't load your activity");
    expect(alert).toHaveTextContent('The ledger is unavailable right now.');
  });
});
