import type { FetchHandler } from 'shared-auth/testing';
import { json } from 'shared-auth/testing';
import type { PaymentMethod } from 'shared-contracts/payments';
import type { WalletEntriesPage, WalletEntry } from 'shared-contracts/wallet';

/** Test-only: wallet answers as the API gives them, with overrides. */

export const CARD_ID = '44444444-4444-4444-8444-444444444444';

export function testCard(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: CARD_ID,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    nameOnCard: 'Dana Rivera',
    isDefault: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function testEntry(overrides: Partial<WalletEntry> = {}): WalletEntry {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    kind: 'top_up',
    amountCents: 2_500,
    balanceAfterCents: 2_500,
    description: 'Added funds by Visa •••• 4242',
    orderPickupId: null,
    orderNumber: null,
    createdAt: '2026-03-02T15:04:00.000Z',
    ...overrides,
  };
}

export function testEntriesPage(
  entries: WalletEntry[],
  overrides: Partial<WalletEntriesPage> = {},
): WalletEntriesPage {
  return {
    entries,
    page: 1,
    pageSize: 10,
    total: entries.length,
    balanceCents: entries[0]?.balanceAfterCents ?? 0,
    ...overrides,
  };
}

/** The reads of the wallet page: a balance, saved cards and one ledger page. */
export function walletRoutes({
  balanceCents = 1_250,
  cards = [],
  entries = testEntriesPage([]),
}: {
  balanceCents?: number;
  cards?: PaymentMethod[];
  entries?: WalletEntriesPage;
} = {}): Record<string, FetchHandler> {
  return {
    'GET /api/wallet': () => json({ balanceCents }),
    'GET /api/payment-methods': () => json(cards),
    'GET /api/wallet/entries': () => json(entries),
  };
}

/** The headers a call sent, by lower-case name. */
export function headersOf(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries((init?.headers ?? {}) as Record<string, string>).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
  );
}

/** A promise the test settles when it chooses, to hold a request in flight. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
