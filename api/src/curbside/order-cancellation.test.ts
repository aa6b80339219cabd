import { ORDER_MESSAGES, orderPickupSchema } from 'shared-contracts/order-pickups';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { placeCurbsideOrder } from '../deliveries/test-helpers.ts';
import { getJson } from '../order-pickups/test-helpers.ts';
import { arrive, pinFromOutbox, readPickup, runTimersUntil } from './test-helpers.ts';

/**
 * `POST /api/order-pickups/:id/cancel` on a curbside order (cancelling is free until the robot
 * leaves the store), against the curbside pickup's own rules.
 */
describeEachDatabase('cancelling the order of a curbside pickup', (kind) => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    // 0.001: the robot's 45 s take 45 ms; timers run only when a test runs them.
    server = await startTestServer({ database: kind, env: { SIM_TIME_SCALE: '0.001' } });
    user = await createTestUser(server);
  });
  afterAll(() => server?.close());

  const cancelOrder = (orderId: string) =>
    postJson(server, user, `/api/order-pickups/${orderId}/cancel`, {});
  const readOrder = async (orderId: string) =>
    orderPickupSchema.parse((await getJson(server, user, `/api/order-pickups/${orderId}`)).body);

  it('refuses once the robot has left the store, and leaves the order and payment alone', async () => {
    const order = await placeCurbsideOrder(server, user);
    const { id } = await arrive(server, user, order.orderNumber);
    await runTimersUntil(server, user, id, 'robot_en_route');
    expect((await readOrder(order.id)).cancellable).toBe(false);

    const response = await cancelOrder(order.id);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: ORDER_MESSAGES.robotLeftStore(order.orderNumber),
    });
    const after = await readOrder(order.id);
    expect(after.status).toBe('confirmed');
    expect(after.payment).toMatchObject({ status: 'succeeded', refundedCents: 0 });

    // Still refused while the robot waits at the car; the pickup goes on.
    await runTimersUntil(server, user, id, 'awaiting_verification');
    expect((await cancelOrder(order.id)).status).toBe(409);
    expect((await readPickup(server, user, id)).status).toBe('awaiting_verification');
  });

  it('cancels a pickup whose robot is still at the store together with the order', async () => {
    const order = await placeCurbsideOrder(server, user);
    const { id } = await arrive(server, user, order.orderNumber);
    await runTimersUntil(server, user, id, 'robot_collecting');
    expect((await readOrder(order.id)).cancellable).toBe(true);

    const response = await cancelOrder(order.id);
    expect(response.status).toBe(200);
    const cancelled = orderPickupSchema.parse(await response.json());
    expect(cancelled).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    const pickup = await readPickup(server, user, id);
    expect(pickup.status).toBe('cancelled');
    expect(pickup.trackingUpdates.at(-1)?.message).toContain('before the robot left the store');

    // The robot is free again: another order at the same store gets one at once.
    const next = await placeCurbsideOrder(server, user);
    const second = await arrive(server, user, next.orderNumber);
    await runTimersUntil(server, user, second.id, 'robot_dispatched');
  });

  it('refuses after a failed hand-over, until a new pickup starts at the store', async () => {
    const order = await placeCurbsideOrder(server, user);
    const { id, phoneNumber } = await arrive(server, user, order.orderNumber);
    await runTimersUntil(server, user, id, 'awaiting_verification');
    const pin = await pinFromOutbox(server, phoneNumber);
    const wrong = pin === '0000' ? '1111' : '0000';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await postJson(server, user, `/api/curbside-pickups/${id}/verify`, {
        verificationPin: wrong,
      });
    }
    expect((await readPickup(server, user, id)).status).toBe('failed');

    const refused = await cancelOrder(order.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: ORDER_MESSAGES.robotReturnedToHolding(order.orderNumber),
    });
    expect((await readOrder(order.id)).cancellable).toBe(false);

    const retry = await arrive(server, user, order.orderNumber);
    expect((await readOrder(order.id)).cancellable).toBe(true);
    expect((await cancelOrder(order.id)).status).toBe(200);
    expect((await readPickup(server, user, retry.id)).status).toBe('cancelled');
  });
});
