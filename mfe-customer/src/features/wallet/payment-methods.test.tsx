import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { CARD_MESSAGES, PAYMENT_MESSAGES, type PaymentMethod } from 'shared-contracts/payments';
import { resetToasts } from 'shared-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentMethods } from './payment-methods';
import { CARD_ID, deferred, testCard } from './test-wallet';

const MASTERCARD_ID = '77777777-7777-4777-8777-777777777777';
const VISA = testCard();
const MASTERCARD = testCard({
  id: MASTERCARD_ID,
  brand: 'mastercard',
  last4: '4444',
  expMonth: 3,
  expYear: 2029,
  isDefault: false,
});

/** A server holding `cards`, changed by the calls the list makes. */
/** Renders the saved cards, opens "Add a card" and fills in a valid card; returns the dialog. */
async function openFilledCardDialog(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<PaymentMethods />, { path: '/wallet' });
  await user.click(await screen.findByRole('button', { name: 'Add a card' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a card' });
  await user.type(within(dialog).getByLabelText('Card number'), '4242424242424242');
  await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '1230');
  await user.type(within(dialog).getByLabelText('CVC'), '123');
  await user.type(within(dialog).getByLabelText('Name on card'), 'Dana Rivera');
  return dialog;
}

function serveCards(initial: PaymentMethod[]) {
  let cards = initial;
  const fetched = mockFetch({
    'GET /api/payment-methods': () => json(cards),
    [`POST /api/payment-methods/${MASTERCARD_ID}/default`]: () => {
      cards = cards.map((card) => ({ ...card, isDefault: card.id === MASTERCARD_ID }));
      return json(cards.find((card) => card.id === MASTERCARD_ID));
    },
    [`DELETE /api/payment-methods/${CARD_ID}`]: () => {
      cards = cards.filter((card) => card.id !== CARD_ID);
      return new Response(null, { status: 204 });
    },
  });
  return fetched;
}

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  act(() => resetToasts());
});

describe('PaymentMethods', () => {
  it('says it is loading, then that there are no saved cards', async () => {
    const answer = deferred<Response>();
    mockFetch({ 'GET /api/payment-methods': () => answer.promise });
    renderWithProviders(<PaymentMethods />, { path: '/wallet' });
    expect(screen.getByRole('status', { name: 'Loading your cards' })).toBeInTheDocument();
    answer.resolve(json([]));
    expect(await screen.findByText('No saved cards yet.')).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading your cards' })).toBeNull();
  });

  it('lists saved cards and makes another one the default', async () => {
    const user = userEvent.setup();
    const { calls } = serveCards([VISA, MASTERCARD]);
    renderWithProviders(<PaymentMethods />, { path: '/wallet' });
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const [visa, mastercard] = within(list).getAllByRole('listitem');
    expect(visa).toHaveTextContent('Visa •••• 4242');
    expect(visa).toHaveTextContent('Default');
    expect(visa).toHaveTextContent('Expires 12/30 · Dana Rivera');
    expect(mastercard).toHaveTextContent('Mastercard •••• 4444');
    expect(mastercard).not.toHaveTextContent('Default');
    // The default card has nothing to make default.
    expect(screen.queryByRole('button', { name: 'Make Visa •••• 4242 the default' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Make Mastercard •••• 4444 the default' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Make Mastercard/ })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Make Visa •••• 4242 the default' })).toBeVisible();
    expect(calls.map((call) => call.key)).toContain(
      `POST /api/payment-methods/${MASTERCARD_ID}/default`,
    );
  });

  it('removes a card only after it is confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = serveCards([VISA]);
    renderWithProviders(<PaymentMethods />, { path: '/wallet' });
    await user.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this card?' });
    expect(dialog).toHaveTextContent('Visa •••• 4242 will no longer be offered when you pay.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove Visa •••• 4242' }));
    await user.click(screen.getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('Card removed')).toBeVisible();
    expect(screen.getByText('Visa •••• 4242 was removed.')).toBeVisible();
    expect(await screen.findByText('No saved cards yet.')).toBeVisible();
    expect(
      calls.filter((call) => call.key === `DELETE /api/payment-methods/${CARD_ID}`),
    ).toHaveLength(1);
  });

  it('adds a card: every message on the first click, the refusal shown, then saved', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { calls } = mockFetch({
      'GET /api/payment-methods': () => json(attempt > 1 ? [VISA] : []),
      'POST /api/payment-methods': () => {
        attempt += 1;
        return attempt === 1
          ? json({ message: PAYMENT_MESSAGES.cardDeclined }, 402)
          : json(VISA, 201);
      },
    });
    renderWithProviders(<PaymentMethods />, { path: '/wallet' });
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a card' });
    await user.type(within(dialog).getByLabelText('CVC'), '12');
    await user.tab();
    expect(within(dialog).queryAllByRole('alert')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText(CARD_MESSAGES.numberRequired)).toBeVisible();
    expect(within(dialog).getByText(CARD_MESSAGES.expiryRequired)).toBeVisible();
    expect(within(dialog).getByText(CARD_MESSAGES.cvc3)).toBeVisible();
    expect(within(dialog).getByText(CARD_MESSAGES.nameRequired)).toBeVisible();
    expect(calls.some((call) => call.key === 'POST /api/payment-methods')).toBe(false);

    await user.type(within(dialog).getByLabelText('Card number'), '4242424242424242');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '1230');
    await user.type(within(dialog).getByLabelText('CVC'), '3');
    await user.type(within(dialog).getByLabelText('Name on card'), 'Dana Rivera');
    await user.click(within(dialog).getByLabelText('Make this my default card'));
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Card not saved');
    expect(refusal).toHaveTextContent(PAYMENT_MESSAGES.cardDeclined);

    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Card saved')).toBeVisible();
    expect(screen.getByText('Visa •••• 4242 is ready to pay with.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('list', { name: 'Saved cards' })).toHaveTextContent(
      'Visa •••• 4242',
    );
    const sent = calls.filter((call) => call.key === 'POST /api/payment-methods').at(-1);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Dana Rivera' },
      makeDefault: true,
    });
  });

  it('saves a card once however often Save card is clicked', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { calls } = mockFetch({
      'GET /api/payment-methods': () => json([]),
      'POST /api/payment-methods': () => answer.promise,
    });
    const dialog = await openFilledCardDialog(user);
    const save = within(dialog).getByRole('button', { name: 'Save card' });
    await user.dblClick(save);
    await user.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
    expect(save).toBeDisabled();
    // No Idempotency-Key protects this call: a second request would save the card twice.
    expect(calls.filter((call) => call.key === 'POST /api/payment-methods')).toHaveLength(1);
    answer.resolve(json(VISA, 201));
    expect(await screen.findByText('Card saved')).toBeVisible();
  });

  it('does not name a card from an answer it cannot read', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/payment-methods': () => json([]),
      // Not a PaymentMethod (shared-contracts): the toast would say "undefined •••• undefined".
      'POST /api/payment-methods': () => json({ id: CARD_ID, status: 'saved' }, 201),
    });
    const dialog = await openFilledCardDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Card not saved');
    expect(refusal).toHaveTextContent('We could not save the card.');
    expect(screen.queryByText('Card saved')).toBeNull();
    expect(screen.queryByText(/undefined/)).toBeNull();
  });

  it("shows the server's message when the cards cannot be read", async () => {
    mockFetch({
      'GET /api/payment-methods': () => json({ message: 'Cards are unavailable right now.' }, 503),
    });
    renderWithProviders(<PaymentMethods />, { path: '/wallet' });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Cards are unavailable right now.',
    );
  });
});
