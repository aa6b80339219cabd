import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkoutSessionSchema } from 'shared-contracts/checkout';
import { orderPickupSchema } from 'shared-contracts/order-pickups';
import { REFUND_REVIEW_REASONS, refundRequestSchema } from 'shared-contracts/refunds';
import { RETAILER_API_MESSAGES } from 'shared-contracts/retailer-api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { newCard } from '../order-pickups/test-helpers.ts';
import { walletBalance } from '../payments/wallet-ledger.ts';
import { apiPost, onboardRetailer, type TestRetailer } from '../retailer-accounts/test-helpers.ts';
import { markRetailerReviewed } from '../retailer-accounts/vetting.ts';
import { retailerAccounts } from '../retailers/schema.ts';
import { markDelivered, reviewed } from './test-helpers.ts';

/**
 * Refund claims must not mint wallet credit on items whose prices nobody vetted. The
 * invariant, end to end through the public API: a customer's wallet never gains more
 * than they paid CurbRun for an order, unless the item value came from a vetted retailer.
 */
describeEachDatabase('item claims need a vetted source of prices', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind, env: { SIM_TIME_SCALE: '0.005' } });
  });
  afterAll(() => server?.close());

  const WATCH = [{ name: 'Gold watch', quantity: 1, unit_price_cents: 25_000 }];

  /** A self-service retailer whose business email is its owner's verified sign-in email. */
  async function selfServiceRetailer(): Promise<TestRetailer> {
    const retailer = await onboardRetailer(server, {
      businessName: `Shop ${randomUUID().slice(0, 6)}`,
    });
    // The contact email as the owner's own (verified), so the operator's review can go through.
    await server.database.db
      .update(retailerAccounts)
      .set({ contactEmail: retailer.owner.email })
      .where(eq(retailerAccounts.id, retailer.account.id));
    return retailer;
  }

  /** B completes the session (card), the order is delivered, B claims the $250 watch. */
  async function claimTheWatch(customer: TestUser, sessionId: string, valueCents = 25_000) {
    const completed = await postJson(
      server,
      customer,
      `/api/checkout-sessions/${sessionId}/complete`,
      { deliveryType: 'curbside', window: '6h', tipCents: 0, payment: newCard() },
      randomUUID(),
    );
    expect(completed.status, await completed.clone().text()).toBe(201);
    const order = orderPickupSchema.parse(await completed.json());
    await markDelivered(server, order.id);
    const filed = await postJson(
      server,
      customer,
      '/api/refund-requests',
      {
        orderPickupId: order.id,
        reason: 'missing_item',
        description: 'The watch was not in the bag.',
        itemValueCents: valueCents,
      },
      randomUUID(),
    );
    expect(filed.status).toBe(201);
    const claim = await reviewed(
      server,
      customer,
      refundRequestSchema.parse(await filed.json()).id,
    );
    // What B paid CurbRun: the delivery fee and tip; the items were paid to the retailer.
    return { claim, paidCents: order.totalCents };
  }

  async function initialize(retailer: TestRetailer) {
    const response = await apiPost(server, '/api/checkout/initialize', retailer.liveHeaders, {
      retailer_id: retailer.account.retailerId,
      store_id: retailer.account.stores[0]?.id,
      order_items: WATCH,
      customer_info: { name: 'Bea Buyer' },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it("an unvetted retailer's live secret key plants a $250 item: the claim goes to review, the wallet gains nothing", async () => {
    const retailer = await selfServiceRetailer();
    const customer = await createTestUser(server);
    const before = await walletBalance(server.database.db, customer.id);

    const { claim, paidCents } = await claimTheWatch(customer, await initialize(retailer));
    expect(claim).toMatchObject({
      status: 'needs_review',
      approvedCents: null,
      creditedTo: null,
      decision: REFUND_REVIEW_REASONS.unvettedRetailer,
    });
    const gained = (await walletBalance(server.database.db, customer.id)) - before;
    expect(gained).toBeLessThanOrEqual(paidCents);
    expect(gained).toBe(0);
  });

  it("a partner's items planted through the unauthenticated development route back no automatic credit", async () => {
    // The route runs wherever the development outbox does, `npm start` included: anyone on the
    // machine can list any item at any value for a partner's store.
    const planted = await postJson(server, null, '/api/dev/checkout-sessions', {
      retailerId: 'nike',
      storeId: 'nike-south-congress',
      items: [{ name: 'Gold watch', quantity: 1, unitPriceCents: 24_900 }],
      customerInfo: { name: 'Bea Buyer' },
    });
    expect(planted.status).toBe(201);
    const customer = await createTestUser(server);
    const before = await walletBalance(server.database.db, customer.id);

    const { claim, paidCents } = await claimTheWatch(
      customer,
      ((await planted.json()) as { id: string }).id,
      24_900,
    );
    expect(claim).toMatchObject({
      status: 'needs_review',
      approvedCents: null,
      creditedTo: null,
      decision: REFUND_REVIEW_REASONS.unvettedRetailer,
    });
    const gained = (await walletBalance(server.database.db, customer.id)) - before;
    expect(gained).toBeLessThanOrEqual(paidCents);
    expect(gained).toBe(0);
  });

  it('a live publishable key opens no checkout with Origin set to Host, nor without listed origins', async () => {
    const retailer = await selfServiceRetailer();
    const host = new URL(server.url).host;
    for (const origin of [server.url, `http://${host}`, server.config.publicUrl]) {
      const response = await apiPost(
        server,
        '/api/v1/widget/checkout',
        { authorization: `Bearer ${retailer.publishable.live}`, origin, host },
        { order_items: WATCH },
      );
      expect(response.status, origin).toBe(403);
      expect(await response.json()).toEqual({
        message: RETAILER_API_MESSAGES.originNotAllowed(origin),
      });
    }
  });

  it("a vetted retailer's widget checkout (forgeable Origin) still backs no automatic credit", async () => {
    const retailer = await selfServiceRetailer();
    expect(
      await markRetailerReviewed(server.database.db, retailer.account.retailerId),
    ).toMatchObject({ ok: true });
    const listed = await server.fetch('/api/retailer/account/allowed-domains', {
      method: 'PUT',
      headers: { ...retailer.owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ domains: ['shop.vetted.test'] }),
    });
    expect(listed.status).toBe(200);
    const opened = await apiPost(
      server,
      '/api/v1/widget/checkout',
      { authorization: `Bearer ${retailer.publishable.live}`, origin: 'https://shop.vetted.test' },
      { order_items: WATCH, store_id: retailer.account.stores[0]?.id },
    );
    expect(opened.status).toBe(201);
    const customer = await createTestUser(server);
    const before = await walletBalance(server.database.db, customer.id);
    const { claim } = await claimTheWatch(customer, ((await opened.json()) as { id: string }).id);
    expect(claim).toMatchObject({
      status: 'needs_review',
      decision: REFUND_REVIEW_REASONS.unvettedRetailer,
    });
    expect(await walletBalance(server.database.db, customer.id)).toBe(before);
  });

  it('the operator reviews only a verified business email; a reviewed retailer’s secret-key prices are covered', async () => {
    const unverified = await onboardRetailer(server, {
      businessName: `Other ${randomUUID().slice(0, 6)}`,
    });
    const refused = await markRetailerReviewed(server.database.db, unverified.account.retailerId);
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok ? '' : refused.message).toContain('is not verified');

    const retailer = await selfServiceRetailer();
    expect(await markRetailerReviewed(server.database.db, retailer.account.retailerId)).toEqual({
      ok: true,
      businessName: retailer.account.businessName,
    });
    const customer = await createTestUser(server);
    const before = await walletBalance(server.database.db, customer.id);
    const sessionId = await initialize(retailer);
    const session = await server.fetch(`/api/checkout-sessions/${sessionId}`, {
      headers: customer.headers,
    });
    expect(checkoutSessionSchema.parse(await session.json()).items).toHaveLength(1);
    const { claim } = await claimTheWatch(customer, sessionId);
    expect(claim).toMatchObject({
      status: 'approved',
      approvedCents: 25_000,
      creditedTo: 'wallet',
    });
    expect(await walletBalance(server.database.db, customer.id)).toBe(before + 25_000);
  });
});
