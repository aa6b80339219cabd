import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { leaseSchema, priceLease } from 'shared-contracts/leasing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { newCard } from '../order-pickups/test-helpers.ts';
import { createStripeLikeProvider, type StripeLikeProvider } from '../payments/test-helpers.ts';
import { createTestPaymentProvider } from '../payments/test-provider.ts';
import { apiPost, onboardRetailer } from '../retailer-accounts/test-helpers.ts';

/**
 * A lease whose first-month charge was voided (storing the lease failed after
 * the card was charged) must not come back, on a retry with the same Idempotency-Key, as the
 * processor's replay of that refunded charge: the retry is a new charge.
 */
describeEachDatabase('robot leases: a voided charge is never replayed', (kind) => {
  let server: TestServer;
  let provider: StripeLikeProvider;
  beforeAll(async () => {
    provider = createStripeLikeProvider(createTestPaymentProvider());
    server = await startTestServer({
      database: kind,
      configure: (app) => {
        Object.assign(app.paymentProvider, provider);
      },
    });
  });
  afterAll(() => server?.close());

  it('charges a retry anew after the first charge was voided', async () => {
    const retailer = await onboardRetailer(server);
    const body = {
      modelId: 'courier',
      planId: 'standard',
      quantity: 1,
      storeId: retailer.account.stores[0]?.id,
      card: newCard().card,
      acceptTerms: true,
    };
    const due = priceLease({ modelId: 'courier', planId: 'standard', quantity: 1 }).dueTodayCents;
    const headers = { ...retailer.owner.headers, 'idempotency-key': randomUUID() };
    const db = server.database.db;
    const heldBefore = provider.heldCents();

    // Storing the lease fails once the card is charged (as a crash or a conflict would).
    provider.onNextCharge(async () => {
      await db.execute(
        sql`alter table robot_leases add constraint lease_fails_once check (false) not valid`,
      );
    });
    const failed = await apiPost(server, '/api/leases', headers, body);
    await db.execute(sql`alter table robot_leases drop constraint lease_fails_once`);
    expect(failed.status).toBe(500);
    expect(provider.heldCents()).toBe(heldBefore);

    const retried = await apiPost(server, '/api/leases', headers, body);
    expect(retried.status, await retried.clone().text()).toBe(201);
    expect(leaseSchema.parse(await retried.json()).paidTodayCents).toBe(due);
    // The lease's first month is really held by the processor, not a refunded charge replayed.
    expect(provider.heldCents()).toBe(heldBefore + due);
  });
});
