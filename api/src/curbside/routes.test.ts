import { and, eq } from 'drizzle-orm';
import {
  CURBSIDE_FAILED_TEXT,
  CURBSIDE_MESSAGES,
  createCurbsidePickupResponseSchema,
  curbsidePickupSchema,
} from 'shared-contracts/curbside';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabaseTarget,
  describeEachDatabase,
  startTestServer,
  type TestServer,
} from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { openEventStream } from '../../test/sse-client.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';
import { orderPickupStatusChanges, orderPickups } from '../order-pickups/schema.ts';
import { FLEET_SIZE } from '../robots/fleet.ts';
import { robots } from '../robots/schema.ts';
import { timers } from '../simulator/schema.ts';
import { curbsidePickups } from './schema.ts';
import { ROBOTS_BUSY_MESSAGE } from './service.ts';
import { arrivalBody, arrive, pinFromOutbox, readPickup, runTimersUntil } from './test-helpers.ts';
import { createTestStore, giveOrder } from './test-orders.ts';

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message;
}

const wrongPinFor = (pin: string) => (pin === '0000' ? '1111' : '0000');

describeEachDatabase('curbside pickups', (kind) => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    // 0.001: the robot's 45 s take 45 ms, its 5-minute wait 300 ms. The runner is not started:
    // each test fires due timers itself (runTimersUntil), so nothing moves behind its back.
    server = await startTestServer({ database: kind, env: { SIM_TIME_SCALE: '0.001' } });
    owner = await createTestUser(server);
    stranger = await createTestUser(server);
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  const countPickups = async (userId: string) =>
    (await db().select().from(curbsidePickups).where(eq(curbsidePickups.userId, userId))).length;

  it('needs a signed-in user', async () => {
    const order = await giveOrder(db(), owner.id);
    const response = await postJson(
      server,
      undefined,
      '/api/curbside-pickups',
      arrivalBody(order.orderNumber),
    );
    expect(response.status).toBe(401);
    const read = await server.fetch('/api/curbside-pickups/00000000-0000-4000-8000-000000000000');
    expect(read.status).toBe(401);
  });

  it('creates a pickup at arrival, texts the PIN, and never reveals it', async () => {
    const order = await giveOrder(db(), owner.id);
    const body = arrivalBody(order.orderNumber, { specialInstructions: '  Trunk is open  ' });
    const response = await postJson(server, owner, '/api/curbside-pickups', body);
    expect(response.status).toBe(201);
    const created = createCurbsidePickupResponseSchema.parse(await response.json());
    expect(created._id).toBe(created.id);

    const pin = await pinFromOutbox(server, body.phoneNumber);
    expect(pin).toMatch(/^\d{4}$/);

    const raw = await (
      await server.fetch(`/api/curbside-pickups/${created.id}`, { headers: owner.headers })
    ).text();
    const record = curbsidePickupSchema.strict().parse(JSON.parse(raw));
    expect(record).toMatchObject({
      _id: created.id,
      customerName: 'Dana Driver',
      parkingSpotNumber: '12',
      orderNumber: order.orderNumber,
      status: 'customer_arrived',
      verificationAttempts: 0,
      maxVerificationAttempts: 3,
    });
    expect(record.robotName).toBeUndefined();
    expect(record.trackingUpdates.map((update) => update.status)).toEqual([
      'order_ready',
      'customer_arrived',
    ]);
    expect(record.trackingUpdates[1]?.message).toContain(body.phoneNumber.slice(-4));
    expect(raw).not.toContain(pin);
    expect(raw).not.toMatch(/pin(Hash)?"|verificationPin/i);

    // Only a hash is stored.
    const [row] = await db()
      .select()
      .from(curbsidePickups)
      .where(eq(curbsidePickups.id, created.id));
    expect(row?.pinHash).toMatch(/^s1\$/);
    expect(row?.pinHash).not.toContain(pin);
    expect(row?.specialInstructions).toBe('Trunk is open');
  });

  it('validates the arrival form with the product messages and creates nothing', async () => {
    const user = await createTestUser(server);
    const order = await giveOrder(db(), user.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ customerName: '   ' }, CURBSIDE_MESSAGES.customerNameRequired],
      [{ customerName: undefined }, CURBSIDE_MESSAGES.customerNameRequired],
      [{ parkingSpotNumber: '' }, CURBSIDE_MESSAGES.parkingSpotRequired],
      [{ phoneNumber: '214555' }, CURBSIDE_MESSAGES.phoneInvalid],
      [{ phoneNumber: 'call me maybe' }, CURBSIDE_MESSAGES.phoneInvalid],
      [{ phoneNumber: '----------' }, CURBSIDE_MESSAGES.phoneInvalid],
      [{ orderNumber: '' }, CURBSIDE_MESSAGES.orderNumberRequired],
      [{ orderNumber: undefined }, CURBSIDE_MESSAGES.orderNumberRequired],
      [{ orderNumber: 'X'.repeat(41) }, CURBSIDE_MESSAGES.orderNumberMax],
      [{ specialInstructions: 'x'.repeat(501) }, CURBSIDE_MESSAGES.specialInstructionsMax],
    ];
    for (const [overrides, message] of cases) {
      const response = await postJson(
        server,
        user,
        '/api/curbside-pickups',
        arrivalBody(order.orderNumber, overrides),
      );
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(await messageOf(response)).toBe(message);
    }
    expect(await countPickups(user.id)).toBe(0);
  });

  it('accepts only the caller’s confirmed or ready orders, one active pickup each', async () => {
    const user = await createTestUser(server);
    const theirs = await giveOrder(db(), stranger.id);
    const pending = await giveOrder(db(), user.id, { status: 'pending' });
    const pickedUp = await giveOrder(db(), user.id, { status: 'picked_up' });
    const confirmed = await giveOrder(db(), user.id, { status: 'confirmed' });

    const attempt = (orderNumber: string) =>
      postJson(server, user, '/api/curbside-pickups', arrivalBody(orderNumber));

    const unknown = await attempt('CR-000001');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('We could not find order CR-000001 on your account.');
    // Any spelling is looked up (the form only requires a value); no match is a clear 404.
    const oddlyShaped = await attempt('order-1');
    expect(oddlyShaped.status).toBe(404);
    expect(await messageOf(oddlyShaped)).toBe('We could not find order ORDER-1 on your account.');
    const other = await attempt(theirs.orderNumber);
    expect(other.status).toBe(404);
    expect(await messageOf(other)).toBe(
      `We could not find order ${theirs.orderNumber} on your account.`,
    );
    const notReady = await attempt(pending.orderNumber);
    expect(notReady.status).toBe(409);
    expect(await messageOf(notReady)).toBe(
      `Order ${pending.orderNumber} is pending, so it cannot be picked up at the curb.`,
    );
    expect((await attempt(pickedUp.orderNumber)).status).toBe(409);
    expect(await countPickups(user.id)).toBe(0);

    // Lower case is the same order number.
    const first = await attempt(confirmed.orderNumber.toLowerCase());
    expect(first.status).toBe(201);
    const second = await attempt(confirmed.orderNumber);
    expect(second.status).toBe(409);
    expect(await messageOf(second)).toBe(
      `A curbside pickup for order ${confirmed.orderNumber} is already in progress.`,
    );
    expect(await countPickups(user.id)).toBe(1);
  });

  it('decides parallel arrivals for one order one by one', async () => {
    const user = await createTestUser(server);
    const order = await giveOrder(db(), user.id);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        postJson(server, user, '/api/curbside-pickups', arrivalBody(order.orderNumber)),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await countPickups(user.id)).toBe(1);
  });

  it('shows a pickup only to its owner; anyone else gets 404', async () => {
    const order = await giveOrder(db(), owner.id);
    const { id } = await arrive(server, owner, order.orderNumber);
    const asStranger = { headers: stranger.headers };
    const notFound = [
      await server.fetch(`/api/curbside-pickups/${id}`, asStranger),
      await server.fetch(`/api/curbside-pickups/${id}/events`, asStranger),
      await postJson(server, stranger, `/api/curbside-pickups/${id}/verify`, {
        verificationPin: '1234',
      }),
      await postJson(server, stranger, `/api/curbside-pickups/${id}/cancel`),
      await postJson(server, stranger, `/api/curbside-pickups/${id}/collected`),
    ];
    for (const response of notFound) {
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe('Curbside pickup not found');
    }
    expect((await readPickup(server, owner, id)).status).toBe('customer_arrived');
    const malformed = await server.fetch('/api/curbside-pickups/not-an-id', {
      headers: owner.headers,
    });
    expect(malformed.status).toBe(400);
  });

  it('moves the robot through its steps with a robot name and an ETA while it travels', async () => {
    const order = await giveOrder(db(), owner.id);
    const { id } = await arrive(server, owner, order.orderNumber);
    const dispatched = await runTimersUntil(server, owner, id, 'robot_dispatched');
    expect(dispatched.robotName).toMatch(/^CurbBot /);
    expect(dispatched.estimatedDeliveryTime).toBeDefined();
    expect(dispatched.trackingUpdates.at(-1)?.estimatedArrival).toBe(
      dispatched.estimatedDeliveryTime,
    );
    const enRoute = await runTimersUntil(server, owner, id, 'robot_en_route');
    expect(enRoute.estimatedDeliveryTime).toBeDefined();
    const arrived = await runTimersUntil(server, owner, id, 'awaiting_verification');
    expect(arrived.estimatedDeliveryTime).toBeUndefined();
    expect(arrived.robotName).toBe(dispatched.robotName);
    expect(arrived.trackingUpdates.map((update) => update.status)).toEqual([
      'order_ready',
      'customer_arrived',
      'robot_dispatched',
      'robot_collecting',
      'robot_en_route',
      'awaiting_verification',
    ]);
    expect(arrived.trackingUpdates.at(-1)?.message).toBe(
      `${arrived.robotName} has arrived at parking spot 12. Enter your PIN to open the compartment.`,
    );
  });

  it('verifies the PIN once, then delivers on collection and marks the order picked up', async () => {
    const order = await giveOrder(db(), owner.id);
    const { id, phoneNumber } = await arrive(server, owner, order.orderNumber);
    const pin = await pinFromOutbox(server, phoneNumber);

    const early = await postJson(server, owner, `/api/curbside-pickups/${id}/verify`, {
      verificationPin: pin,
    });
    expect(early.status).toBe(409);
    expect(await messageOf(early)).toBe('The robot is not waiting for a PIN right now.');

    await runTimersUntil(server, owner, id, 'awaiting_verification');
    const badFormat = await postJson(server, owner, `/api/curbside-pickups/${id}/verify`, {
      verificationPin: '12a4',
    });
    expect(badFormat.status).toBe(400);
    expect(await messageOf(badFormat)).toBe(CURBSIDE_MESSAGES.pinLength);

    const wrong = await postJson(server, owner, `/api/curbside-pickups/${id}/verify`, {
      verificationPin: wrongPinFor(pin),
    });
    expect(wrong.status).toBe(422);
    expect(await messageOf(wrong)).toBe('Invalid PIN. Please try again.');
    const afterWrong = await readPickup(server, owner, id);
    expect(afterWrong.verificationAttempts).toBe(1);
    expect(afterWrong.trackingUpdates.at(-1)?.message).toBe(
      'Incorrect PIN entered. 2 attempts remaining.',
    );

    const right = await postJson(server, owner, `/api/curbside-pickups/${id}/verify`, {
      verificationPin: pin,
    });
    expect(right.status).toBe(200);
    expect(curbsidePickupSchema.parse(await right.json()).status).toBe('verified');

    // Single use.
    const again = await postJson(server, owner, `/api/curbside-pickups/${id}/verify`, {
      verificationPin: pin,
    });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe('This PIN has already been used.');

    const collected = await postJson(server, owner, `/api/curbside-pickups/${id}/collected`);
    expect(collected.status).toBe(200);
    const delivered = curbsidePickupSchema.parse(await collected.json());
    expect(delivered.status).toBe('delivered');
    expect(delivered.trackingUpdates.at(-1)?.message).toBe(
      'Order collected. Thank you for using curbside pickup!',
    );
    expect((await postJson(server, owner, `/api/curbside-pickups/${id}/collected`)).status).toBe(
      409,
    );

    // Picked up through the order-pickups domain, so its history says so (another domain, the
    // deliveries mirror, may move the order on to delivered right after).
    const [orderRow] = await db().select().from(orderPickups).where(eq(orderPickups.id, order.id));
    expect(['picked_up', 'delivered']).toContain(orderRow?.status);
    const history = await db()
      .select()
      .from(orderPickupStatusChanges)
      .where(eq(orderPickupStatusChanges.orderPickupId, order.id));
    expect(
      history.map((change) => [change.fromStatus, change.toStatus, change.note]),
    ).toContainEqual([
      'ready_for_pickup',
      'picked_up',
      `Collected at parking spot 12 from ${delivered.robotName}`,
    ]);
    const busy = await db()
      .select()
      .from(robots)
      .where(and(eq(robots.storeId, order.storeId), eq(robots.currentPickupId, id)));
    expect(busy).toEqual([]);
  });

  it('counts 10 parallel wrong guesses atomically: 3 attempts, then failed', async () => {
    const order = await giveOrder(db(), owner.id);
    const { id, phoneNumber } = await arrive(server, owner, order.orderNumber);
    const pin = await pinFromOutbox(server, phoneNumber);
    await runTimersUntil(server, owner, id, 'awaiting_verification');

    const wrongPins = [
      '0000',
      '1111',
      '2222',
      '3333',
      '4444',
      '5555',
      '6666',
      '7777',
      '8888',
      '9999',
    ]
      .filter((candidate) => candidate !== pin)
      .slice(0, 9);
    wrongPins.push(wrongPins[0] ?? '0000');
    const responses = await Promise.all(
      wrongPins.map((verificationPin) =>
        postJson(server, owner, `/api/curbside-pickups/${id}/verify`, { verificationPin }),
      ),
    );
    const outcomes = await Promise.all(
      responses.map(async (response) => `${response.status} ${await messageOf(response)}`),
    );
    expect(outcomes.filter((o) => o === '422 Invalid PIN. Please try again.')).toHaveLength(2);
    expect(outcomes.filter((o) => o === `422 Invalid PIN. ${CURBSIDE_FAILED_TEXT}`)).toHaveLength(
      1,
    );
    expect(outcomes.filter((o) => o.startsWith('409 '))).toHaveLength(7);

    const failed = await readPickup(server, owner, id);
    expect(failed.status).toBe('failed');
    expect(failed.verificationAttempts).toBe(3);
    expect(failed.trackingUpdates.at(-1)?.message).toBe(CURBSIDE_FAILED_TEXT);

    // Locked out: even the right PIN no longer opens the compartment.
    const late = await postJson(server, owner, `/api/curbside-pickups/${id}/verify`, {
      verificationPin: pin,
    });
    expect(late.status).toBe(409);
    expect((await readPickup(server, owner, id)).status).toBe('failed');

    // The order can be rescheduled at the curb, with a new PIN.
    const retry = await arrive(server, owner, order.orderNumber);
    expect(retry.id).not.toBe(id);
  });

  it('cancels for free until the robot leaves the store, and not after', async () => {
    const order = await giveOrder(db(), owner.id);
    const first = await arrive(server, owner, order.orderNumber);
    await runTimersUntil(server, owner, first.id, 'robot_collecting');
    const cancel = await postJson(server, owner, `/api/curbside-pickups/${first.id}/cancel`);
    expect(cancel.status).toBe(200);
    const cancelled = curbsidePickupSchema.parse(await cancel.json());
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.trackingUpdates.at(-1)?.message).toContain('free of charge');
    // Its pending timer fires and changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 30));
    await server.app.timers.runDue();
    expect((await readPickup(server, owner, first.id)).status).toBe('cancelled');

    const second = await arrive(server, owner, order.orderNumber);
    await runTimersUntil(server, owner, second.id, 'robot_en_route');
    const tooLate = await postJson(server, owner, `/api/curbside-pickups/${second.id}/cancel`);
    expect(tooLate.status).toBe(409);
    expect(await messageOf(tooLate)).toBe(
      'The robot has already left the store, so this pickup can no longer be cancelled.',
    );
  });

  it('sends a robot left waiting back to a safe holding location', async () => {
    const order = await giveOrder(db(), owner.id);
    const { id } = await arrive(server, owner, order.orderNumber);
    await runTimersUntil(server, owner, id, 'awaiting_verification');
    // 5 minutes × 0.001 = 300 ms.
    const failed = await runTimersUntil(server, owner, id, 'failed');
    expect(failed.trackingUpdates.at(-1)?.message).toMatch(
      /waited 5 minutes without a PIN .* safe holding location.*Rescheduling is free/,
    );
    const busy = await db().select().from(robots).where(eq(robots.currentPickupId, id));
    expect(busy).toEqual([]);
  });

  it('closes the compartment after 2 minutes without a confirmation: delivered', async () => {
    const order = await giveOrder(db(), owner.id);
    const { id, phoneNumber } = await arrive(server, owner, order.orderNumber);
    const pin = await pinFromOutbox(server, phoneNumber);
    await runTimersUntil(server, owner, id, 'awaiting_verification');
    await postJson(server, owner, `/api/curbside-pickups/${id}/verify`, { verificationPin: pin });
    const delivered = await runTimersUntil(server, owner, id, 'delivered');
    expect(delivered.trackingUpdates.at(-1)?.message).toBe(
      'The robot compartment closed after 2 minutes. Your order is marked as delivered.',
    );
  });

  it('streams every change over SSE and resumes after Last-Event-ID', async () => {
    const order = await giveOrder(db(), owner.id);
    const { id } = await arrive(server, owner, order.orderNumber);
    const url = `${server.url}/api/curbside-pickups/${id}/events`;
    const stream = await openEventStream(url, owner.headers);
    let lastId: string | undefined;
    try {
      expect(stream.response.status).toBe(200);
      const [first] = await stream.take(1);
      expect(first?.event).toBe('pickup');
      expect(curbsidePickupSchema.parse(JSON.parse(first?.data ?? '')).status).toBe(
        'customer_arrived',
      );
      await runTimersUntil(server, owner, id, 'robot_dispatched');
      const [second] = await stream.take(1);
      expect(curbsidePickupSchema.parse(JSON.parse(second?.data ?? '')).status).toBe(
        'robot_dispatched',
      );
      lastId = second?.id;
    } finally {
      stream.close();
    }

    // Missed while disconnected: collecting and en route. Resume gets exactly those.
    await runTimersUntil(server, owner, id, 'robot_en_route');
    const resumed = await openEventStream(url, { ...owner.headers, 'last-event-id': lastId ?? '' });
    try {
      const events = await resumed.take(2);
      expect(
        events.map((event) => curbsidePickupSchema.parse(JSON.parse(event.data)).status),
      ).toEqual(['robot_collecting', 'robot_en_route']);
      expect(Number(events[0]?.id)).toBeGreaterThan(Number(lastId));
    } finally {
      resumed.close();
    }
  });
});

describeEachDatabase('curbside robot fleet', (kind) => {
  let server: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    // Slower time (a robot step every second) so the first robots are still inside the store,
    // and cancellable, when the fourth customer arrives.
    server = await startTestServer({ database: kind, env: { SIM_TIME_SCALE: '0.1' } });
    owner = await createTestUser(server);
  });
  afterAll(() => server?.close());

  it('queues a customer when every robot of the store is busy', async () => {
    const storeId = await createTestStore(server.database.db);
    const orders = [];
    for (let i = 0; i <= FLEET_SIZE; i += 1)
      orders.push(await giveOrder(server.database.db, owner.id, { storeId }));
    const pickups = [];
    for (const order of orders) pickups.push(await arrive(server, owner, order.orderNumber));
    for (const pickup of pickups.slice(0, FLEET_SIZE)) {
      // A generous deadline: beside the browser suites on two cores a step can take seconds.
      await runTimersUntil(server, owner, pickup.id, 'robot_dispatched', 30_000);
    }
    const last = pickups[FLEET_SIZE]?.id ?? '';
    const waiting = await waitFor(async () => {
      await server.app.timers.runDue();
      const record = await readPickup(server, owner, last);
      return record.trackingUpdates.at(-1)?.message === ROBOTS_BUSY_MESSAGE && record;
    });
    expect(waiting.status).toBe('customer_arrived');
    const names = await Promise.all(
      pickups
        .slice(0, FLEET_SIZE)
        .map(async ({ id }) => (await readPickup(server, owner, id)).robotName),
    );
    expect(new Set(names).size).toBe(FLEET_SIZE);

    // One robot comes free; the waiting customer gets it.
    await postJson(server, owner, `/api/curbside-pickups/${pickups[0]?.id}/cancel`);
    const dispatched = await runTimersUntil(server, owner, last, 'robot_dispatched');
    expect(dispatched.robotName).toBe(names[0]);
    expect(
      dispatched.trackingUpdates.filter((update) => update.message === ROBOTS_BUSY_MESSAGE),
    ).toHaveLength(1);
  });
});

describeEachDatabase('curbside timers across a server restart', (kind) => {
  // Two servers start one after the other on one database (a cold start and migrations each):
  // more than the default 20 s on a 2-core machine that runs the browser suites beside it.
  it('resumes the robot where the stopped server left it', { timeout: 60_000 }, async () => {
    const target = await createTestDatabaseTarget(kind);
    try {
      const env = { SIM_TIME_SCALE: '0.01' };
      const first = await startTestServer({ database: target, env });
      const user = await createTestUser(first);
      const order = await giveOrder(first.database.db, user.id);
      const { id } = await arrive(first, user, order.orderNumber);
      // Stopped before any timer ran: its runner was never started.
      await first.close();

      const second = await startTestServer({
        database: target,
        env,
        seed: false,
        startTimers: true,
        timers: { pollIntervalMs: 20 },
      });
      try {
        const arrived = await waitFor(
          async () => {
            const record = await readPickup(second, user, id);
            return record.status === 'awaiting_verification' && record;
          },
          { timeoutMs: 15_000, what: 'the robot to arrive after the restart' },
        );
        expect(arrived.trackingUpdates.map((update) => update.status)).toEqual([
          'order_ready',
          'customer_arrived',
          'robot_dispatched',
          'robot_collecting',
          'robot_en_route',
          'awaiting_verification',
        ]);
        // Every step's timer ran exactly once (the runner marks the last one done a moment
        // after its handler moved the robot on).
        const doneSteps = async () =>
          (
            await second.database.db
              .select()
              .from(timers)
              .where(eq(timers.kind, 'curbside.advance'))
          ).filter((timer) => timer.doneAt !== null).length;
        await expect.poll(doneSteps, { timeout: 5000 }).toBe(4);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await doneSteps()).toBe(4);
      } finally {
        await second.close();
      }
    } finally {
      await target.drop();
    }
  });
});
