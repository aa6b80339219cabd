import { randomUUID } from 'node:crypto';
import { type Delivery, deliverySchema } from 'shared-contracts/deliveries';
import { type OrderPickup, orderPickupSchema } from 'shared-contracts/order-pickups';
import type { TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import type { TestUser } from '../../test/users.ts';
import { createTestStore } from '../curbside/test-orders.ts';
import { newCard } from '../order-pickups/test-helpers.ts';

/** Test-only helpers for the delivery suites: place orders through the API, read, run timers. */

/** 75231 is about 1.5 miles from Nordstrom NorthPark (Dallas): a core-zone home delivery. */
export const NEARBY_ADDRESS = {
  line1: '9100 Skillman St',
  city: 'Dallas',
  state: 'TX',
  zip: '75231',
};

/** A paid home-delivery order at a fresh copy of Nordstrom NorthPark (its own couriers). */
export async function placeHomeOrder(
  server: TestServer,
  user: TestUser,
  extra: Record<string, unknown> = {},
): Promise<OrderPickup> {
  const storeId =
    (extra.storeId as string | undefined) ?? (await createTestStore(server.database.db));
  const response = await postJson(
    server,
    user,
    '/api/order-pickups',
    {
      storeId,
      retailerOrderNumber: 'NP-2001',
      customerName: 'Dana Rivera',
      bags: 2,
      weightClass: 'small',
      deliveryType: 'home',
      address: NEARBY_ADDRESS,
      window: 'asap',
      tipCents: 300,
      payment: newCard(),
      ...extra,
    },
    randomUUID(),
  );
  if (response.status !== 201) {
    throw new Error(`placing the order failed: ${response.status} ${await response.text()}`);
  }
  return orderPickupSchema.parse(await response.json());
}

/** A paid curbside order at a fresh store copy. */
export async function placeCurbsideOrder(server: TestServer, user: TestUser): Promise<OrderPickup> {
  return placeHomeOrder(server, user, {
    deliveryType: 'curbside',
    address: undefined,
    window: '6h',
    tipCents: 0,
  });
}

export async function readDeliveryOfOrder(
  server: TestServer,
  user: TestUser,
  orderId: string,
): Promise<Delivery> {
  const response = await server.fetch(`/api/deliveries/order/${orderId}`, {
    headers: user.headers,
  });
  if (response.status !== 200) {
    throw new Error(`reading the delivery failed: ${response.status} ${await response.text()}`);
  }
  return deliverySchema.parse(await response.json());
}

/**
 * Runs due timers by hand (the suites start the server without its runner) until the delivery
 * satisfies `done`, so each test decides which simulated steps happen.
 */
export async function runDeliveryUntil(
  server: TestServer,
  user: TestUser,
  orderId: string,
  done: (delivery: Delivery) => boolean,
  timeoutMs = 15_000,
): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await server.app.timers.runDue();
    const delivery = await readDeliveryOfOrder(server, user, orderId);
    if (done(delivery)) return delivery;
    if (Date.now() > deadline) {
      throw new Error(`delivery stayed ${delivery.status} (attempt ${delivery.attempt})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
