import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { CARD_MESSAGES, PAYMENT_MESSAGES } from 'shared-contracts/payments';
import { WALLET_MESSAGES } from 'shared-contracts/wallet';
import { resetToasts } from 'shared-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddFundsForm } from './add-funds-form';
import { CARD_ID, deferred, headersOf, testCard, testEntry, walletRoutes } from './test-wallet';
import { WalletPage } from './wallet-page';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TYPED_CARD = {
  number: '4242 4242 4242 4242',
  expiry: '12/40',
  cvc: '123',
  name: 'Dana Rivera',
};

type User = ReturnType<typeof userEvent.setup>;

async function typeCard(user: User) {
  await user.type(screen.getByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1240');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Dana Rivera');
}

const topUps = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls.filter((call) => call.key === 'POST /api/wallet/top-ups');

function topUpAnswer(balanceCents: number, amountCents: number) {
  return json(
    {
      balanceCents,
      entry: testEntry({ amountCents, balanceAfterCents: balanceCents }),
    },
    201,
  );
}

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  act(() => resetToasts());
});

describe('AddFundsForm', () => {
  it('refuses amounts outside $5.00–$500.00 with the shared message and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(walletRoutes());
    renderWithProviders(<AddFundsForm />, { path: '/wallet' });
    const amount = screen.getByLabelText('Amount (dollars)');
    expect(screen.getByRole('button', { name: 'Add $25.00' })).toBeEnabled();

    for (const bad of ['4.99', '500.01', '0', 'ten', '12.345']) {
      await user.clear(amount);
      await user.type(amount, bad);
      expect(screen.getByText(WALLET_MESSAGES.topUpRange)).toBeVisible();
      expect(amount).toHaveAccessibleDescription(
        expect.stringContaining(WALLET_MESSAGES.topUpRange),
      );
      const add = screen.getByRole('button', { name: 'Add funds' });
      expect(add).toBeDisabled();
      await user.click(add);
    }
    expect(topUps(calls)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '500');
    expect(screen.queryByText(WALLET_MESSAGES.topUpRange)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add $500.00' })).toBeEnabled();
    // A preset replaces whatever was typed.
    await user.click(screen.getByRole('button', { name: '$10.00' }));
    expect(amount).toHaveValue('10');
    expect(screen.getByRole('button', { name: '$10.00' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Add $10.00' })).toBeEnabled();
  });

  it('shows nothing when a card field is left, and every card message on the first click', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(walletRoutes());
    renderWithProviders(<AddFundsForm />, { path: '/wallet' });
    await user.type(screen.getByLabelText('Card number'), '4242');
    await user.tab(); // the blur a click on the button would cause
    expect(screen.queryAllByRole('alert')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add $25.00' }));
    expect(await screen.findByText(CARD_MESSAGES.numberLength)).toBeVisible();
    expect(screen.getByText(CARD_MESSAGES.expiryRequired)).toBeVisible();
    expect(screen.getByText(CARD_MESSAGES.cvcRequired)).toBeVisible();
    expect(screen.getByText(CARD_MESSAGES.nameRequired)).toBeVisible();
    expect(topUps(calls)).toHaveLength(0);

    // Corrected, the message goes as the person types; the next click pays.
    await user.type(screen.getByLabelText('Card number'), '424242424242');
    await waitFor(() => expect(screen.queryByText(CARD_MESSAGES.numberLength)).toBeNull());
  });

  it('adds funds once with an Idempotency-Key, then shows the toast and the new balance', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    let balanceCents = 1_250;
    const { calls } = mockFetch({
      ...walletRoutes(),
      'GET /api/wallet': () => json({ balanceCents }),
      'POST /api/wallet/top-ups': () => answer.promise,
    });
    renderWithProviders(<WalletPage />, { path: '/wallet' });
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('$12.50');
    await typeCard(user);

    const add = screen.getByRole('button', { name: 'Add $25.00' });
    await user.dblClick(add);
    await user.click(add);
    // Pending: the button is busy and refuses more clicks; one request left.
    expect(add).toBeDisabled();
    expect(add).toHaveAttribute('aria-busy', 'true');
    expect(topUps(calls)).toHaveLength(1);
    const [sent] = topUps(calls);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      amountCents: 2_500,
      payment: { type: 'card', card: TYPED_CARD, save: true },
    });
    const firstKey = headersOf(sent?.init)['idempotency-key'];
    expect(firstKey).toMatch(UUID_V4);
    expect(headersOf(sent?.init).authorization).toBe('Bearer test-token');

    balanceCents = 3_750;
    answer.resolve(topUpAnswer(3_750, 2_500));
    expect(await screen.findByText('Funds added')).toBeVisible();
    expect(screen.getByText('Your balance is now $37.50.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$37.50'));
    // A fresh form for the next top-up: nothing of the card is kept.
    expect(screen.getByLabelText('Card number')).toHaveValue('');

    // The next top-up is another payment: a new key.
    await typeCard(user);
    const next = deferred<Response>();
    mockFetch({
      ...walletRoutes({ balanceCents }),
      'POST /api/wallet/top-ups': ({ init }) => {
        expect(headersOf(init)['idempotency-key']).toMatch(UUID_V4);
        expect(headersOf(init)['idempotency-key']).not.toBe(firstKey);
        next.resolve(topUpAnswer(6_250, 2_500));
        return next.promise;
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add $25.00' }));
    expect(await screen.findByText('Your balance is now $62.50.')).toBeVisible();
  });

  it("shows the server's refusal, keeps the card, and retries with the same key", async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { calls } = mockFetch({
      ...walletRoutes(),
      'POST /api/wallet/top-ups': () => {
        attempt += 1;
        return attempt === 1
          ? json({ message: PAYMENT_MESSAGES.cardDeclined }, 402)
          : topUpAnswer(3_750, 2_500);
      },
    });
    renderWithProviders(<AddFundsForm />, { path: '/wallet' });
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Add $25.00' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment failed');
    expect(alert).toHaveTextContent(PAYMENT_MESSAGES.cardDeclined);
    expect(screen.queryByText('Funds added')).toBeNull();
    expect(screen.getByLabelText('Card number')).toHaveValue(TYPED_CARD.number);
    expect(screen.getByRole('button', { name: 'Add $25.00' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Add $25.00' }));
    expect(await screen.findByText('Funds added')).toBeVisible();
    const [first, second] = topUps(calls);
    expect(headersOf(second?.init)['idempotency-key']).toBe(
      headersOf(first?.init)['idempotency-key'],
    );
  });

  it('pays with the default saved card when there is one', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      ...walletRoutes({ cards: [testCard()] }),
      'POST /api/wallet/top-ups': () => topUpAnswer(6_250, 5_000),
    });
    renderWithProviders(<AddFundsForm />, { path: '/wallet' });
    const saved = await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    await waitFor(() => expect(saved).toBeChecked());
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: '$50.00' }));
    await user.click(screen.getByRole('button', { name: 'Add $50.00' }));

    expect(await screen.findByText('Your balance is now $62.50.')).toBeVisible();
    const [sent] = topUps(calls);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      amountCents: 5_000,
      payment: { type: 'saved_card', paymentMethodId: CARD_ID },
    });
    // The wallet cannot pay for its own top-up.
    expect(
      within(screen.getByRole('form', { name: 'Payment' })).queryByRole('radio', {
        name: /Wallet/,
      }),
    ).toBeNull();
  });
});
