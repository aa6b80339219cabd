import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from 'shared-contracts/payments';
import type { TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import type { TestUser } from '../../test/users.ts';

/** Helpers for the integration suites of the money domains (orders, wallet, subscriptions). */

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

export function newCard(number: string = TEST_CARDS.success, save = false) {
  return {
    type: 'card' as const,
    card: { number, expiry: `12/${nextYear}`, cvc: '123', name: 'Test Customer' },
    save,
  };
}

export async function getJson<T = unknown>(
  server: TestServer,
  user: TestUser,
  path: string,
): Promise<{ status: number; body: T }> {
  const response = await server.fetch(path, { headers: user.headers });
  return { status: response.status, body: (await response.json()) as T };
}

/** A curbside order at Nordstrom NorthPark (Dallas): $4.99 + weight + urgency. */
export function curbsideOrder(extra: Record<string, unknown> = {}) {
  return {
    storeId: 'nordstrom-northpark',
    retailerOrderNumber: 'NP-1001',
    customerName: 'Test Customer',
    bags: 2,
    weightClass: 'small',
    deliveryType: 'curbside',
    window: '6h',
    tipCents: 0,
    payment: newCard(),
    ...extra,
  };
}

/** Adds funds by card through the API (the test user's session has the sensitive window open). */
export async function topUp(
  server: TestServer,
  user: TestUser,
  amountCents: number,
): Promise<void> {
  const response = await postJson(
    server,
    user,
    '/api/wallet/top-ups',
    { amountCents, payment: newCard() },
    randomUUID(),
  );
  if (response.status !== 201) {
    throw new Error(`Top-up failed: ${response.status} ${await response.text()}`);
  }
}
