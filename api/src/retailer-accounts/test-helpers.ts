import { randomUUID } from 'node:crypto';
import type {
  ApiKey,
  CreatedRetailerAccount,
  RetailerAccountInput,
} from 'shared-contracts/retailer';
import type { TestServer } from '../../test/harness.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';

/** Helpers for the retailer suites: an onboarded retailer with its keys. */

/**
 * The input of an onboarding, with a business name of its own each time (display names are
 * unique), so a suite may onboard as many retailers as it needs.
 */
export function accountInput(overrides: Partial<RetailerAccountInput> = {}): RetailerAccountInput {
  return {
    businessName: `Acme Outfitters ${randomUUID().slice(0, 8)}`,
    website: 'https://acme.example.com',
    contactName: 'Grace Hopper',
    contactEmail: 'grace@acme.example.com',
    contactPhone: '512 555 0100',
    stores: [
      {
        name: 'Downtown',
        line1: '500 Congress Ave',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        services: ['curbside', 'home_delivery'],
      },
    ],
    ...overrides,
  };
}

export interface TestRetailer extends CreatedRetailerAccount {
  owner: TestUser;
  publishable: { test: string; live: string };
  /** `{ authorization: 'Bearer sk_test_…' }` */
  testHeaders: Record<string, string>;
  liveHeaders: Record<string, string>;
}

export async function onboardRetailer(
  server: TestServer,
  overrides: Partial<RetailerAccountInput> = {},
): Promise<TestRetailer> {
  const owner = await createTestUser(server);
  const response = await server.fetch('/api/retailer/account', {
    method: 'POST',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    body: JSON.stringify(accountInput(overrides)),
  });
  if (response.status !== 201) {
    throw new Error(`onboarding failed: ${response.status} ${await response.text()}`);
  }
  const created = (await response.json()) as CreatedRetailerAccount;
  const keys = (await (
    await server.fetch('/api/retailer/api-keys', { headers: owner.headers })
  ).json()) as ApiKey[];
  const publishable = (mode: 'test' | 'live') =>
    keys.find((key) => key.kind === 'publishable' && key.mode === mode)?.display ?? '';
  return {
    ...created,
    owner,
    publishable: { test: publishable('test'), live: publishable('live') },
    testHeaders: { authorization: `Bearer ${created.secretKeys.test}` },
    liveHeaders: { authorization: `Bearer ${created.secretKeys.live}` },
  };
}

export function apiPost(
  server: TestServer,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Response> {
  return server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export function checkoutBody(retailerId: string, extra: Record<string, unknown> = {}) {
  return {
    retailer_id: retailerId,
    order_items: [{ sku: 'TEE-M', name: 'Organic tee', quantity: 2, unit_price_cents: 2500 }],
    customer_info: { name: 'Ada Lovelace', email: 'ada@example.com' },
    ...extra,
  };
}
