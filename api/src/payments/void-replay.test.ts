import { randomUUID } from 'node:crypto';
import { WALLET_MESSAGES } from 'shared-contracts/wallet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser } from '../../test/users.ts';
import { curbsideOrder, getJson, newCard } from '../order-pickups/test-helpers.ts';
import { createStripeLikeProvider, type StripeLikeProvider } from './test-helpers.ts';
import { createTestPaymentProvider } from './test-provider.ts';

/**
 * A card charge voided because its transaction failed must never come back as
 * a success when the customer retries with the same Idempotency-Key, with a processor that
 * answers a reused key with its stored result (as Stripe does).
 */
describeEachDatabase('payments: a voided charge is never replayed', (kind) => {
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

  it('charges a retry anew after two saved-card top-ups raced past the cap', async () => {
    const user = await createTestUser(server);
    const saved = await postJson(server, user, '/api/payment-methods', { card: newCard().card });
    expect(saved.status).toBe(201);
    const card = {
      type: 'saved_card',
      paymentMethodId: ((await saved.json()) as { id: string }).id,
    };
    const topUp = (amountCents: number, key: string) =>
      postJson(server, user, '/api/wallet/top-ups', { amountCents, payment: card }, key);

    for (const amount of [50_000, 50_000, 50_000, 45_000]) {
      expect((await topUp(amount, randomUUID())).status).toBe(201);
    }

    // $1,950 in the wallet: top-up B ($50) fits under the $2,000 cap and is charged; before its
    // transaction runs, top-up A ($10, another tab) lands, so B no longer fits: voided, 409.
    const keyB = randomUUID();
    let racing: Response | undefined;
    provider.onNextCharge(async () => {
      racing = await topUp(1_000, randomUUID());
    });
    const refused = await topUp(5_000, keyB);
    expect(racing?.status).toBe(201);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: WALLET_MESSAGES.balanceCap });

    // The customer spends $15.99 from the wallet, then retries B with the same key.
    const order = await postJson(
      server,
      user,
      '/api/order-pickups',
      curbsideOrder({ tipCents: 1_100, payment: { type: 'wallet' } }),
      randomUUID(),
    );
    expect(order.status, await order.clone().text()).toBe(201);
    const retried = await topUp(5_000, keyB);
    expect(retried.status, await retried.clone().text()).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();

    // Every cent in the wallet, and every cent spent from it, was paid by card and is still held
    // by the processor: the retry was a real new charge, not the refunded one replayed.
    const wallet = await getJson<{ balanceCents: number }>(server, user, '/api/wallet');
    expect(wallet.body.balanceCents).toBe(195_000 + 1_000 - 1_599 + 5_000);
    expect(provider.heldCents()).toBe(wallet.body.balanceCents + 1_599);

    // The same key again is now the retry's own success, replayed.
    const again = await topUp(5_000, keyB);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(provider.heldCents()).toBe(wallet.body.balanceCents + 1_599);
  });
});
