import { randomUUID } from 'node:crypto';
import type { CheckoutItem } from 'shared-contracts/checkout';
import { type OrderPickup, orderPickupSchema } from 'shared-contracts/order-pickups';
import { type RefundRequestRecord, refundRequestSchema } from 'shared-contracts/refunds';
import type { TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import type { TestUser } from '../../test/users.ts';
import { createCheckoutSession } from '../checkout-sessions/service.ts';
import { createTestStore } from '../curbside/test-orders.ts';
import { placeHomeOrder } from '../deliveries/test-helpers.ts';
import { changeOrderPickupStatus } from '../order-pickups/status.ts';
import { getJson, newCard } from '../order-pickups/test-helpers.ts';

/** Test-only helpers for the refund suites: delivered orders with and without known items. */

/** Hands an order over the way the curbside flow does, status by status. */
export async function markDelivered(server: TestServer, orderId: string): Promise<void> {
  for (const to of ['picked_up', 'delivered'] as const) {
    await changeOrderPickupStatus(server.database.db, server.app.orderPickupEvents, {
      orderPickupId: orderId,
      to,
    });
  }
}

/**
 * A delivered curbside order scheduled by the customer (no retailer items known): $4.99 fee and a
 * $3.00 tip, the issue's $7.99 order.
 */
export async function deliveredCurbsideOrder(
  server: TestServer,
  user: TestUser,
): Promise<OrderPickup> {
  const order = await placeHomeOrder(server, user, {
    deliveryType: 'curbside',
    address: undefined,
    window: '6h',
    tipCents: 300,
  });
  await markDelivered(server, order.id);
  return order;
}

/**
 * A delivered order made from a retailer's checkout session that lists `items`: Nike's by default
 * (a fresh copy of its Austin store), or another retailer's store and a key mode.
 */
export async function deliveredRetailerOrder(
  server: TestServer,
  user: TestUser,
  items: CheckoutItem[],
  from: { retailerId: string; storeId: string; mode?: 'live' | 'test' } | null = null,
): Promise<OrderPickup> {
  const session = await createCheckoutSession(
    server.database.db,
    {
      retailerId: from?.retailerId ?? 'nike',
      storeId: from?.storeId ?? (await createTestStore(server.database.db, 'nike-south-congress')),
      mode: from?.mode ?? 'live',
      items,
      customerInfo: { name: 'Test Customer' },
    },
    { source: 'partner' },
  );
  const response = await postJson(
    server,
    user,
    `/api/checkout-sessions/${session.id}/complete`,
    { deliveryType: 'curbside', window: '6h', tipCents: 300, payment: newCard() },
    randomUUID(),
  );
  if (response.status !== 201) {
    throw new Error(`completing the checkout failed: ${response.status} ${await response.text()}`);
  }
  const order = orderPickupSchema.parse(await response.json());
  await markDelivered(server, order.id);
  return order;
}

export function fileRefund(server: TestServer, user: TestUser, body: Record<string, unknown>) {
  return postJson(server, user, '/api/refund-requests', body, randomUUID());
}

/** Runs the review timers until the request is decided, then reads it as its owner sees it. */
export async function reviewed(
  server: TestServer,
  user: TestUser,
  id: string,
): Promise<RefundRequestRecord> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await server.app.timers.runDue();
    const { body } = await getJson(server, user, `/api/refund-requests/${id}`);
    const record = refundRequestSchema.parse(body);
    if (record.status !== 'submitted') return record;
    if (Date.now() > deadline) throw new Error('the refund request was never reviewed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Files a claim and waits for its review. */
export async function claimAndReview(
  server: TestServer,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<RefundRequestRecord> {
  const response = await fileRefund(server, user, body);
  if (response.status !== 201) {
    throw new Error(`filing the claim failed: ${response.status} ${await response.text()}`);
  }
  return reviewed(server, user, refundRequestSchema.parse(await response.json()).id);
}
