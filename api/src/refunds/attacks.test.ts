import { eq } from 'drizzle-orm';
import { formatCents } from 'shared-contracts/payments';
import {
  AUTO_ITEM_CREDIT_LIMIT_CENTS,
  REFUND_MESSAGES,
  REFUND_REVIEW_REASONS,
  refundRequestSchema,
} from 'shared-contracts/refunds';
import { MAX_WALLET_BALANCE_CENTS } from 'shared-contracts/wallet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser } from '../../test/users.ts';
import type { Db } from '../db/database.ts';
import { placeHomeOrder, runDeliveryUntil } from '../deliveries/test-helpers.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { payments } from '../payments/schema.ts';
import { creditWallet, walletBalance } from '../payments/wallet-ledger.ts';
import { onboardRetailer } from '../retailer-accounts/test-helpers.ts';
import type { ScheduleTimerInput } from '../simulator/timers.ts';
import { refundRequests } from './schema.ts';
import { reviewRefundRequest } from './service.ts';
import {
  claimAndReview,
  deliveredCurbsideOrder,
  deliveredRetailerOrder,
  fileRefund,
  reviewed,
} from './test-helpers.ts';

/**
 * Refund claims must not mint wallet credit. Each test is an attack a dishonest
 * customer can make through the public API; automatic approval covers only what the platform can
 * check, the rest goes to a specialist ("In review").
 */
describeEachDatabase('refund claims cannot mint credit', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind, env: { SIM_TIME_SCALE: '0.005' } });
  });
  afterAll(() => server?.close());

  const balance = (userId: string) => walletBalance(server.database.db, userId);
  const SHOES = { sku: 'PEG-41', name: 'Running shoes', quantity: 1, unitPriceCents: 3_000 };
  const SOCKS = { name: 'Socks', quantity: 2, unitPriceCents: 300 };

  it('two $250 item claims on a delivered $7.99 curbside order credit nothing unverifiable', async () => {
    const customer = await createTestUser(server);
    const order = await deliveredCurbsideOrder(server, customer);
    expect(order.totalCents).toBe(799);
    const before = await balance(customer.id);

    const [damaged, missing] = await Promise.all(
      (['damaged_item', 'missing_item'] as const).map(async (reason) => {
        const response = await fileRefund(server, customer, {
          orderPickupId: order.id,
          reason,
          description: 'Everything in the bag was ruined or missing.',
          itemValueCents: 25_000,
        });
        expect(response.status).toBe(201);
        return refundRequestSchema.parse(await response.json());
      }),
    );
    for (const claim of [damaged, missing]) {
      const done = await reviewed(server, customer, claim?.id ?? '');
      expect(done).toMatchObject({
        status: 'needs_review',
        approvedCents: null,
        creditedTo: null,
        decision: REFUND_REVIEW_REASONS.itemsUnknown,
      });
    }
    expect(await balance(customer.id)).toBe(before);
  });

  it("sends an item value above the order's known items to review, and covers one within them", async () => {
    const customer = await createTestUser(server);
    // The retailer sent the items: $30.00 + 2 × $3.00 = $36.00.
    const order = await deliveredRetailerOrder(server, customer, [SHOES, SOCKS]);
    const before = await balance(customer.id);

    const inflated = await claimAndReview(server, customer, {
      orderPickupId: order.id,
      reason: 'damaged_item',
      description: 'The shoes were crushed flat in the bag.',
      itemValueCents: 25_000,
    });
    expect(inflated).toMatchObject({
      status: 'needs_review',
      approvedCents: null,
      decision: REFUND_REVIEW_REASONS.aboveKnownItems('$250.00', '$36.00'),
    });
    expect(await balance(customer.id)).toBe(before);

    const honest = await claimAndReview(server, customer, {
      orderPickupId: order.id,
      reason: 'missing_item',
      description: 'The pair of socks was not in the bag.',
      itemValueCents: 600,
    });
    expect(honest).toMatchObject({ status: 'approved', approvedCents: 600, creditedTo: 'wallet' });
    expect(await balance(customer.id)).toBe(before + 600);
  });

  it('approves one item claim per order; a second, for another reason, goes to review', async () => {
    const customer = await createTestUser(server);
    const order = await deliveredRetailerOrder(server, customer, [SHOES, SOCKS]);
    const before = await balance(customer.id);

    const first = await claimAndReview(server, customer, {
      orderPickupId: order.id,
      reason: 'damaged_item',
      description: 'The shoes were crushed flat in the bag.',
      itemValueCents: 3_000,
    });
    expect(first).toMatchObject({ status: 'approved', approvedCents: 3_000 });
    const second = await claimAndReview(server, customer, {
      orderPickupId: order.id,
      reason: 'missing_item',
      description: 'And the socks were missing as well.',
      itemValueCents: 600,
    });
    expect(second).toMatchObject({
      status: 'needs_review',
      approvedCents: null,
      decision: REFUND_REVIEW_REASONS.secondItemClaim,
    });
    expect(await balance(customer.id)).toBe(before + 3_000);
  });

  it(`sends item claims over ${formatCents(AUTO_ITEM_CREDIT_LIMIT_CENTS)} in 30 days to review`, async () => {
    const customer = await createTestUser(server);
    const expensive = { name: 'Trail jacket', quantity: 1, unitPriceCents: 25_000 };
    const before = await balance(customer.id);

    const firstOrder = await deliveredRetailerOrder(server, customer, [expensive]);
    const first = await claimAndReview(server, customer, {
      orderPickupId: firstOrder.id,
      reason: 'damaged_item',
      description: 'The jacket arrived torn down the back.',
      itemValueCents: 25_000,
    });
    expect(first).toMatchObject({ status: 'approved', approvedCents: 25_000 });

    // Another order, another jacket: $250 + $250 is over the 30-day automatic limit.
    const secondOrder = await deliveredRetailerOrder(server, customer, [expensive]);
    const second = await claimAndReview(server, customer, {
      orderPickupId: secondOrder.id,
      reason: 'missing_item',
      description: 'This time the jacket was not in the bag.',
      itemValueCents: 25_000,
    });
    expect(second).toMatchObject({
      status: 'needs_review',
      approvedCents: null,
      decision: REFUND_REVIEW_REASONS.aboveWindowLimit,
    });
    expect(await balance(customer.id)).toBe(before + 25_000);
  });

  it('credits an item claim only up to the balance cap; the rest goes to review', async () => {
    const customer = await createTestUser(server);
    const order = await deliveredRetailerOrder(server, customer, [SHOES, SOCKS]);
    const start = await balance(customer.id);
    await creditWallet(server.database.db, {
      userId: customer.id,
      amountCents: MAX_WALLET_BALANCE_CENTS - start - 1_000,
      kind: 'top_up',
      description: 'Almost full',
    });

    const claim = await claimAndReview(server, customer, {
      orderPickupId: order.id,
      reason: 'damaged_item',
      description: 'The shoes were crushed flat in the bag.',
      itemValueCents: 3_000,
    });
    expect(claim).toMatchObject({
      status: 'needs_review',
      approvedCents: 1_000,
      creditedTo: 'wallet',
      decision: REFUND_REVIEW_REASONS.walletFull('$10.00', '$20.00', '$2,000.00'),
    });
    expect(await balance(customer.id)).toBe(MAX_WALLET_BALANCE_CENTS);
  });

  it('sends a late-delivery fee back to the card when the wallet is full', async () => {
    const customer = await createTestUser(server);
    const order = await placeHomeOrder(server, customer);
    await runDeliveryUntil(server, customer, order.id, (d) => d.status === 'delivered');
    await server.database.db
      .update(orderPickups)
      .set({ windowEndsAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(orderPickups.id, order.id));
    await creditWallet(server.database.db, {
      userId: customer.id,
      amountCents: MAX_WALLET_BALANCE_CENTS - (await balance(customer.id)),
      kind: 'top_up',
      description: 'Full',
    });

    const late = await claimAndReview(server, customer, {
      orderPickupId: order.id,
      reason: 'late',
      description: 'It came an hour after the window.',
      destination: 'wallet',
    });
    expect(late).toMatchObject({
      status: 'approved',
      approvedCents: order.feeCents,
      creditedTo: 'card',
    });
    expect(late.decision).toContain(
      'Your CurbRun wallet is full, so it is on its way back to your card',
    );
    expect(await balance(customer.id)).toBe(MAX_WALLET_BALANCE_CENTS);
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, order.payment?.id ?? ''));
    expect(payment?.refundedCents).toBe(order.feeCents);
  });

  it('credits one of two item claims on an order reviewed at the same moment', async () => {
    const customer = await createTestUser(server);
    const order = await deliveredRetailerOrder(server, customer, [SHOES, SOCKS]);
    const before = await balance(customer.id);
    const filed = await Promise.all(
      (['damaged_item', 'missing_item'] as const).map(async (reason) =>
        refundRequestSchema.parse(
          await (
            await fileRefund(server, customer, {
              orderPickupId: order.id,
              reason,
              description: 'Both problems at once, reviewed together.',
              itemValueCents: 3_000,
            })
          ).json(),
        ),
      ),
    );
    // Both reviews race, as two timer runners on two processes would.
    const deps = {
      provider: server.app.paymentProvider,
      schedule: (db: Db, input: ScheduleTimerInput) => server.app.timers.schedule(db, input),
    };
    await Promise.all(
      filed.map((claim) => reviewRefundRequest(server.database.db, deps, claim.id)),
    );
    const decided = await Promise.all(filed.map((claim) => reviewed(server, customer, claim.id)));
    expect(decided.map((claim) => claim.status).sort()).toEqual(['approved', 'needs_review']);
    expect(await balance(customer.id)).toBe(before + 3_000);
  });

  it("does not trust item prices from the claimant's own retailer account", async () => {
    const retailer = await onboardRetailer(server);
    const customer = retailer.owner;
    const order = await deliveredRetailerOrder(
      server,
      customer,
      [{ name: 'Gold watch', quantity: 1, unitPriceCents: 25_000 }],
      { retailerId: retailer.account.retailerId, storeId: retailer.account.stores[0]?.id ?? '' },
    );
    const before = await balance(customer.id);
    const claim = await claimAndReview(server, customer, {
      orderPickupId: order.id,
      reason: 'missing_item',
      description: 'The watch I sold myself never arrived.',
      itemValueCents: 25_000,
    });
    expect(claim).toMatchObject({
      status: 'needs_review',
      approvedCents: null,
      decision: REFUND_REVIEW_REASONS.ownRetailer,
    });
    expect(await balance(customer.id)).toBe(before);
  });

  it('refuses item claims on a test-mode order and stores nothing', async () => {
    const customer = await createTestUser(server);
    const order = await deliveredRetailerOrder(server, customer, [SHOES], {
      retailerId: 'nike',
      storeId: 'nike-south-congress',
      mode: 'test',
    });
    const response = await fileRefund(server, customer, {
      orderPickupId: order.id,
      reason: 'damaged_item',
      description: 'Test-mode shoes, real money please.',
      itemValueCents: 3_000,
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: REFUND_MESSAGES.testModeItems });
    const stored = await server.database.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.orderPickupId, order.id));
    expect(stored).toEqual([]);
  });
});
