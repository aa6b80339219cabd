import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createCurbsidePickupResponseSchema } from 'shared-contracts/curbside';
import { outboxListSchema } from 'shared-contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { IDEMPOTENCY_MESSAGES } from '../http/idempotency.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { curbsidePickups } from './schema.ts';
import { arrivalBody } from './test-helpers.ts';
import { giveOrder } from './test-orders.ts';

/**
 * An arrival kept on a phone while it had no signal is sent when the signal returns, perhaps by
 * two tabs and the service worker at once, perhaps again after an answer that never arrived. The
 * `Idempotency-Key` it carries makes all of them one arrival: one robot, one PIN.
 */
describeEachDatabase('curbside arrival with Idempotency-Key', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // The runner is off: no robot moves, so the arrival's own effects are all there is to count.
    server = await startTestServer({ database: kind, env: { SIM_TIME_SCALE: '0.001' } });
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  const pickupsOf = (user: TestUser) =>
    db().select().from(curbsidePickups).where(eq(curbsidePickups.userId, user.id));
  const pinMessagesTo = async (phone: string) => {
    const response = await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    return outboxListSchema.parse(await response.json()).filter((m) => /PIN/.test(m.text));
  };
  const arriveWith = (user: TestUser, body: unknown, key?: string) =>
    postJson(server, user, '/api/curbside-pickups', body, key);

  it('answers the same key and body again with the first arrival: one robot run, one PIN', async () => {
    const user = await createTestUser(server);
    const order = await giveOrder(db(), user.id);
    const body = arrivalBody(order.orderNumber);
    const key = randomUUID();

    const first = await arriveWith(user, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const created = createCurbsidePickupResponseSchema.parse(await first.json());

    const again = await arriveWith(user, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(createCurbsidePickupResponseSchema.parse(await again.json())).toEqual(created);

    expect(await pickupsOf(user)).toHaveLength(1);
    expect(await pinMessagesTo(body.phoneNumber)).toHaveLength(1);
  });

  it('refuses the key with another body (422) and changes nothing', async () => {
    const user = await createTestUser(server);
    const order = await giveOrder(db(), user.id);
    const body = arrivalBody(order.orderNumber);
    const key = randomUUID();
    expect((await arriveWith(user, body, key)).status).toBe(201);

    const other = await arriveWith(user, { ...body, parkingSpotNumber: '99' }, key);
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.mismatch });
    const [pickup, ...more] = await pickupsOf(user);
    expect(more).toEqual([]);
    expect(pickup?.parkingSpotNumber).toBe('12');
  });

  it('makes copies sent at the same moment one arrival (two tabs and the worker)', async () => {
    const user = await createTestUser(server);
    const order = await giveOrder(db(), user.id);
    const body = arrivalBody(order.orderNumber);
    const key = randomUUID();
    const responses = await Promise.all([1, 2, 3].map(() => arriveWith(user, body, key)));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(
      responses.map(async (r) => createCurbsidePickupResponseSchema.parse(await r.json()).id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await pickupsOf(user)).toHaveLength(1);
    expect(await pinMessagesTo(body.phoneNumber)).toHaveLength(1);
  });

  it('answers a refusal each time it is sent, and keeps no arrival for the key', async () => {
    const user = await createTestUser(server);
    const order = await giveOrder(db(), user.id);
    // The order was cancelled while the arrival waited on the phone.
    await db()
      .update(orderPickups)
      .set({ status: 'cancelled' })
      .where(eq(orderPickups.id, order.id));
    const body = arrivalBody(order.orderNumber);
    const key = randomUUID();
    const refused = await arriveWith(user, body, key);
    expect(refused.status).toBe(409);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toBe(
      `Order ${order.orderNumber} is cancelled, so it cannot be picked up at the curb.`,
    );
    const again = await arriveWith(user, body, key);
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await pickupsOf(user)).toHaveLength(0);
    expect(await pinMessagesTo(body.phoneNumber)).toHaveLength(0);
  });

  describe('keys', () => {
    it('belong to one customer: the same key from another starts their own arrival', async () => {
      const a = await createTestUser(server);
      const b = await createTestUser(server);
      const key = randomUUID();
      const first = await arriveWith(
        a,
        arrivalBody((await giveOrder(db(), a.id)).orderNumber),
        key,
      );
      const second = await arriveWith(
        b,
        arrivalBody((await giveOrder(db(), b.id)).orderNumber),
        key,
      );
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(await pickupsOf(a)).toHaveLength(1);
      expect(await pickupsOf(b)).toHaveLength(1);
    });

    it('must be visible ASCII (400), and nothing is created', async () => {
      const user = await createTestUser(server);
      const order = await giveOrder(db(), user.id);
      const response = await arriveWith(user, arrivalBody(order.orderNumber), 'bad key\u00e9');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.invalidKey });
      expect(await pickupsOf(user)).toHaveLength(0);
    });
  });
});
