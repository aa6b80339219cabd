import { screen } from '@testing-library/react';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { type CheckoutSession, TEST_MODE_LABEL } from 'shared-contracts/checkout';
import { TEST_CARDS } from 'shared-contracts/payments';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutPage } from './checkout-page';

const SESSION_ID = '33333333-3333-4333-8333-333333333333';
const STORE = {
  id: 'nike-south-congress',
  name: 'Nike South Congress',
  addressLine: '1100 S Congress Ave',
  city: 'Austin',
  services: ['curbside', 'home_delivery'] as Array<'curbside' | 'home_delivery'>,
};

function session(overrides: Partial<CheckoutSession> = {}): CheckoutSession {
  return {
    id: SESSION_ID,
    status: 'open',
    mode: 'live',
    retailer: { id: 'nike', name: 'Nike', image: '/images/nike.png' },
    store: STORE,
    stores: [STORE],
    retailerOrderNumber: 'NK-55',
    items: [{ name: 'Running shoes', quantity: 1, unitPriceCents: 12_000 }],
    itemsTotalCents: 12_000,
    customerInfo: { name: 'A. L.', masked: true },
    bags: 1,
    weightClass: 'small',
    expiresAt: '2099-01-01T00:00:00.000Z',
    orderPickupId: null,
    orderNumber: null,
    ...overrides,
  };
}

function serve(checkout: CheckoutSession) {
  return mockFetch({
    [`GET /api/checkout-sessions/${SESSION_ID}`]: () => json(checkout),
    'GET /api/wallet': () => json({ balanceCents: 5_000 }),
    'GET /api/payment-methods': () =>
      json([
        {
          id: '44444444-4444-4444-8444-444444444444',
          brand: 'visa',
          last4: '1881',
          expMonth: 12,
          expYear: 2030,
          nameOnCard: 'Ada Lovelace',
          isDefault: true,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
  });
}

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('CheckoutPage', () => {
  it('labels a test-mode checkout and offers only a test card, never the wallet or saved cards', async () => {
    const { calls } = serve(session({ mode: 'test' }));
    renderWithProviders(<CheckoutPage />, { path: `/checkout?session=${SESSION_ID}` });
    expect(await screen.findByText(TEST_MODE_LABEL, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(/Nike is testing its checkout/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Test card' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(TEST_CARDS.success))).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Wallet/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /1881/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Save this card for next time')).not.toBeInTheDocument();
    // The customer's real money is not even read.
    const keys = calls.map((call) => call.key);
    expect(keys).not.toContain('GET /api/wallet');
    expect(keys).not.toContain('GET /api/payment-methods');
  });

  it('offers the wallet and saved cards in a live checkout, without a test label', async () => {
    serve(session());
    renderWithProviders(<CheckoutPage />, { path: `/checkout?session=${SESSION_ID}` });
    expect(
      await screen.findByRole('radio', { name: /Wallet/ }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /1881/ })).toBeInTheDocument();
    expect(screen.queryByText(TEST_MODE_LABEL)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Test card' })).not.toBeInTheDocument();
  });
});
