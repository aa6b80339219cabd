import { eq } from 'drizzle-orm';
import {
  DELIVERY_MESSAGES,
  deliveryPageSchema,
  deliveryPositionEventSchema,
  deliverySchema,
  pickupHistoryPageSchema,
} from 'shared-contracts/deliveries';
import { outboxListSchema } from 'shared-contracts/notifications';
import { orderPickupSchema } from 'shared-contracts/order-pickups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { openEventStream } from '../../test/sse-client.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { arrive, pinFromOutbox, runTimersUntil } from '../curbside/test-helpers.ts';
import { giveOrder } from '../curbside/test-orders.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { getJson } from '../order-pickups/test-helpers.ts';
import { payments } from '../payments/schema.ts';
import { PNG_SIGNATURE } from './png.ts';
import {
  placeCurbsideOrder,
  placeHomeOrder,
  readDeliveryOfOrder,
  runDeliveryUntil,
} from './test-helpers.ts';

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message;
}

describeEachDatabase('deliveries', (kind) => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    // 0.005: a 2-mile drive takes about a second, position reports come every 100 ms. The timer
    // runner is not started; tests fire due timers themselves (runDeliveryUntil), so nothing
    // moves behind their back.
    server = await startTestServer({ database: kind, env: { SIM_TIME_SCALE: '0.005' } });
    owner = await createTestUser(server);
    stranger = await createTestUser(server);
  });
  afterAll(() => server?.close());

  it('dispatches a courier when an order is confirmed and records why', async () => {
    const order = await placeHomeOrder(server, owner);
    const delivery = await readDeliveryOfOrder(server, owner, order.id);
    expect(delivery.orderPickupId).toBe(order.id);
    expect(delivery.orderNumber).toBe(order.orderNumber);
    expect(delivery.status).toBe('pickup_confirmed');
    expect(delivery.courier).toMatchObject({
      kind: 'driver',
      fleet: 'curbrun_drivers',
      fleetName: 'CurbRun Drivers',
      partner: false,
    });
    expect(delivery.courier.name).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
    expect(delivery.courier.vehicle).toMatch(/ · TX [A-Z]{3}-\d{4}$/);
    expect(delivery.dispatchReason).toContain('inside the 10-mile core zone');
    expect(delivery.checkpoints.map((c) => [c.label, c.reached])).toEqual([
      ['Pickup Confirmed', true],
      ['En Route', false],
      ['Arriving', false],
      ['Delivered', false],
    ]);
    expect(delivery.route[0]).toEqual(delivery.origin.location);
    expect(delivery.route.at(-1)).toEqual(delivery.destination.location);
    expect(delivery.routeMiles).toBeGreaterThan(1);
    expect(delivery.etaAt).not.toBeNull();
    expect(delivery.cancellable).toBe(true);
    expect(delivery.timeline[0]?.message).toContain('Pickup confirmed.');
    expect(delivery.lastEventId).toBeGreaterThan(0);
  });

  it('answers the doordash paths like the deliveries ones', async () => {
    const order = await placeHomeOrder(server, owner);
    const byOrder = await getJson(server, owner, `/api/deliveries/order/${order.id}`);
    const alias = await getJson(server, owner, `/api/doordash/deliveries/order/${order.id}`);
    expect(alias.status).toBe(200);
    const a = deliverySchema.parse(byOrder.body);
    const b = deliverySchema.parse(alias.body);
    expect(b.id).toBe(a.id);
    expect(b.status).toBe(a.status);

    const list = await getJson(server, owner, '/api/deliveries?pageSize=5');
    const aliasList = await getJson(server, owner, '/api/doordash/deliveries?pageSize=5');
    expect(aliasList.status).toBe(200);
    expect(deliveryPageSchema.parse(aliasList.body)).toEqual(deliveryPageSchema.parse(list.body));
  });

  it("lists only the caller's deliveries, newest first, a page at a time", async () => {
    const user = await createTestUser(server);
    const first = await placeHomeOrder(server, user);
    const second = await placeHomeOrder(server, user);
    await placeHomeOrder(server, stranger);
    const page1 = deliveryPageSchema.parse(
      (await getJson(server, user, '/api/deliveries?pageSize=5')).body,
    );
    expect(page1.total).toBe(2);
    expect(page1.deliveries.map((d) => d.orderPickupId)).toEqual([second.id, first.id]);
    const page2 = deliveryPageSchema.parse(
      (await getJson(server, user, '/api/deliveries?page=2&pageSize=5')).body,
    );
    expect(page2.deliveries).toEqual([]);
    const bad = await server.fetch('/api/deliveries?pageSize=7', { headers: user.headers });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe('Page size must be one of 5, 10, 20, 50');
  });

  it("answers 404 for anyone else's delivery and order, and 401 without a session", async () => {
    const order = await placeHomeOrder(server, owner);
    const delivery = await readDeliveryOfOrder(server, owner, order.id);
    const asStranger = { headers: stranger.headers };
    for (const path of [
      `/api/deliveries/${delivery.id}`,
      `/api/deliveries/${delivery.id}/events`,
      `/api/deliveries/${delivery.id}/proof`,
      `/api/doordash/deliveries/order/${order.id}`,
    ]) {
      const response = await server.fetch(path, asStranger);
      expect(response.status, path).toBe(404);
    }
    const byOrder = await server.fetch(`/api/deliveries/order/${order.id}`, asStranger);
    expect(await messageOf(byOrder)).toBe(DELIVERY_MESSAGES.orderHasNoDelivery);
    const cancel = await postJson(server, stranger, `/api/deliveries/${delivery.id}/cancel`, {});
    expect(cancel.status).toBe(404);
    expect((await server.fetch(`/api/deliveries/${delivery.id}`)).status).toBe(401);
    expect((await readDeliveryOfOrder(server, owner, order.id)).status).toBe('pickup_confirmed');
  });

  it('moves the courier through the four checkpoints, with the order following, to a photo proof', async () => {
    const order = await placeHomeOrder(server, owner);
    const enRoute = await runDeliveryUntil(server, owner, order.id, (d) => d.status === 'en_route');
    expect(enRoute.checkpoints.filter((c) => c.reached).map((c) => c.label)).toEqual([
      'Pickup Confirmed',
      'En Route',
    ]);
    expect(enRoute.cancellable).toBe(false);
    // On a loaded machine one runDue() can carry the courier from en route to the door, so wait
    // for "arriving or later" and check the Arriving step in the timeline, not a transient state.
    const arriving = await runDeliveryUntil(server, owner, order.id, (d) =>
      ['arriving', 'delivered'].includes(d.status),
    );
    expect(arriving.position.progress).toBeGreaterThan(0);
    expect(arriving.timeline.map((update) => update.message)).toContainEqual(
      // "about N min away", or "now" when a loaded machine let the courier reach the door first.
      expect.stringMatching(/is arriving(: about \d+ min away| now)\.$/),
    );
    const delivered = await runDeliveryUntil(
      server,
      owner,
      order.id,
      (d) => d.status === 'delivered',
    );
    expect(delivered.checkpoints.every((c) => c.reached && c.at !== null)).toBe(true);
    expect(delivered.position.progress).toBe(1);
    expect(delivered.position.location).toEqual(delivered.destination.location);
    expect(delivered.proof).toMatchObject({
      kind: 'photo',
      imageUrl: `/api/deliveries/${delivered.id}/proof`,
    });

    const detail = orderPickupSchema.parse(
      (await getJson(server, owner, `/api/order-pickups/${order.id}`)).body,
    );
    expect(detail.status).toBe('delivered');
    expect(detail.statusHistory.map((change) => change.status)).toEqual([
      'confirmed',
      'ready_for_pickup',
      'picked_up',
      'in_transit',
      'delivered',
    ]);

    const image = await server.fetch(`/api/deliveries/${delivered.id}/proof`, {
      headers: owner.headers,
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(bytes.length).toBeGreaterThan(2000);

    // Delivery updates went to the customer's email (default preferences).
    const outbox = outboxListSchema.parse(
      await (await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(owner.email)}`)).json(),
    );
    expect(outbox.map((message) => message.subject)).toEqual(
      expect.arrayContaining([
        `Order ${order.orderNumber} is on its way`,
        `Order ${order.orderNumber} was delivered`,
      ]),
    );
  });

  it('streams status and position, and resumes after Last-Event-ID', async () => {
    const order = await placeHomeOrder(server, owner);
    const delivery = await readDeliveryOfOrder(server, owner, order.id);
    const url = `${server.url}/api/deliveries/${delivery.id}/events`;

    // From the answer's lastEventId: only what happens next.
    const stream = await openEventStream(url, {
      ...owner.headers,
      'last-event-id': String(delivery.lastEventId),
    });
    let resumeFrom: string | undefined;
    try {
      expect(stream.response.status).toBe(200);
      await runDeliveryUntil(server, owner, order.id, (d) => d.status === 'en_route');
      const events = await stream.take(2);
      expect(events.map((event) => event.event)).toEqual(['delivery', 'delivery']);
      const statuses = events.map((event) => deliverySchema.parse(JSON.parse(event.data)).status);
      expect(statuses).toEqual(['pickup_confirmed', 'en_route']);
      expect(Number(events[0]?.id)).toBeGreaterThan(delivery.lastEventId ?? 0);
      resumeFrom = events[1]?.id;
    } finally {
      stream.close();
    }

    // Missed while away: position reports, arriving, delivered. Resume gets exactly those.
    await runDeliveryUntil(server, owner, order.id, (d) => d.status === 'delivered');
    const resumed = await openEventStream(url, {
      ...owner.headers,
      'last-event-id': resumeFrom ?? '',
    });
    try {
      const seen: string[] = [];
      let lastPosition = -1;
      for (;;) {
        const event = await resumed.next();
        expect(Number(event.id)).toBeGreaterThan(Number(resumeFrom));
        if (event.event === 'position') {
          const position = deliveryPositionEventSchema.parse(JSON.parse(event.data));
          expect(position.position.progress).toBeGreaterThanOrEqual(lastPosition);
          lastPosition = position.position.progress;
          seen.push('position');
          continue;
        }
        const status = deliverySchema.parse(JSON.parse(event.data)).status;
        seen.push(status);
        if (status === 'delivered') break;
      }
      expect(seen).toContain('position');
      expect(seen.filter((entry) => entry !== 'position')).toEqual(['arriving', 'delivered']);
    } finally {
      resumed.close();
    }
  });

  it('cancels free of charge before the courier leaves, refunding the card, and not after', async () => {
    // A 6-hour window: the courier is not sent before the window nears.
    const order = await placeHomeOrder(server, owner, { window: '6h' });
    const delivery = await readDeliveryOfOrder(server, owner, order.id);
    const cancelled = await postJson(server, owner, `/api/deliveries/${delivery.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    const body = deliverySchema.parse(await cancelled.json());
    expect(body.status).toBe('cancelled');
    expect(body.cancellable).toBe(false);
    expect(body.timeline.at(-1)?.message).toContain('free of charge');
    const [row] = await server.database.db
      .select({ status: orderPickups.status, paymentId: orderPickups.paymentId })
      .from(orderPickups)
      .where(eq(orderPickups.id, order.id));
    expect(row?.status).toBe('cancelled');
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, row?.paymentId ?? ''));
    expect(payment?.status).toBe('refunded');

    const later = await placeHomeOrder(server, owner);
    const moving = await runDeliveryUntil(server, owner, later.id, (d) => d.status === 'en_route');
    const refused = await postJson(server, owner, `/api/deliveries/${moving.id}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(DELIVERY_MESSAGES.notCancellable);
  });

  it('waits 5 minutes for a signature, then holds the order and reschedules for free', async () => {
    const order = await placeHomeOrder(server, owner, { weightClass: 'large' });
    const atDoor = await runDeliveryUntil(
      server,
      owner,
      order.id,
      (d) => d.status === 'awaiting_customer',
    );
    expect(atDoor.signatureRequired).toBe(true);
    expect(atDoor.canConfirmPresence).toBe(true);
    const held = await runDeliveryUntil(server, owner, order.id, (d) => d.status === 'held');
    expect(held.holdingLocation?.name).toContain('secure holding area');
    expect(held.canReschedule).toBe(true);
    expect(held.timeline.at(-1)?.message).toContain('waited 5 minutes');

    const early = await postJson(server, owner, `/api/deliveries/${held.id}/confirm-presence`, {});
    expect(early.status).toBe(409);
    expect(await messageOf(early)).toBe(DELIVERY_MESSAGES.notAtDoor);

    const rescheduled = await postJson(server, owner, `/api/deliveries/${held.id}/reschedule`, {});
    expect(rescheduled.status).toBe(200);
    const again = deliverySchema.parse(await rescheduled.json());
    expect(again).toMatchObject({ status: 'en_route', attempt: 2 });
    expect(again.route[0]).toEqual(held.holdingLocation?.location);

    await runDeliveryUntil(server, owner, order.id, (d) => d.status === 'awaiting_customer');
    const signed = await postJson(server, owner, `/api/deliveries/${held.id}/confirm-presence`, {});
    expect(signed.status).toBe(200);
    const delivered = deliverySchema.parse(await signed.json());
    expect(delivered.status).toBe('delivered');
    expect(delivered.proof?.kind).toBe('signature');
  });

  it('mirrors the curbside pickup onto a robot delivery', async () => {
    const order = await placeCurbsideOrder(server, owner);
    const start = await readDeliveryOfOrder(server, owner, order.id);
    expect(start.courier).toMatchObject({ kind: 'robot', fleet: 'curbrun_robots', name: null });
    expect(start.dispatchReason).toContain('in-house CurbRun robot');

    const { id: pickupId, phoneNumber } = await arrive(server, owner, order.orderNumber);
    await runTimersUntil(server, owner, pickupId, 'awaiting_verification');
    const arriving = await readDeliveryOfOrder(server, owner, order.id);
    expect(arriving.status).toBe('arriving');
    expect(arriving.courier.name).toMatch(/^CurbBot /);
    expect(arriving.curbsidePickupId).toBe(pickupId);
    expect(arriving.checkpoints.filter((c) => c.reached)).toHaveLength(3);
    expect(arriving.timeline.map((entry) => entry.status)).toContain('en_route');
    expect(arriving.destination.name).toBe('Parking spot 12');

    const pin = await pinFromOutbox(server, phoneNumber);
    expect(
      (
        await postJson(server, owner, `/api/curbside-pickups/${pickupId}/verify`, {
          verificationPin: pin,
        })
      ).status,
    ).toBe(200);
    expect(
      (await postJson(server, owner, `/api/curbside-pickups/${pickupId}/collected`)).status,
    ).toBe(200);
    const delivered = await readDeliveryOfOrder(server, owner, order.id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.proof).toMatchObject({ kind: 'pin', imageUrl: null });
    const [row] = await server.database.db
      .select({ status: orderPickups.status })
      .from(orderPickups)
      .where(eq(orderPickups.id, order.id));
    expect(row?.status).toBe('delivered');
  });

  it('lists order and curbside pickups in one history, filtered and searched', async () => {
    const user = await createTestUser(server);
    const home = await placeHomeOrder(server, user);
    const curbside = await placeCurbsideOrder(server, user);
    const { id: pickupId } = await arrive(server, user, curbside.orderNumber);
    await postJson(server, user, `/api/curbside-pickups/${pickupId}/cancel`);
    await placeHomeOrder(server, stranger);

    const all = pickupHistoryPageSchema.parse(
      (await getJson(server, user, '/api/pickup-history')).body,
    );
    expect(all.total).toBe(3);
    expect(all.items.map((item) => [item.kind, item.orderNumber])).toEqual([
      ['curbside', curbside.orderNumber],
      ['order', curbside.orderNumber],
      ['order', home.orderNumber],
    ]);
    expect(all.items[0]).toMatchObject({
      status: 'cancelled',
      statusLabel: 'Cancelled',
      group: 'cancelled',
      parkingSpotNumber: '12',
      trackingPath: `/curbside-pickup?pickup=${pickupId}`,
    });
    expect(all.items[2]).toMatchObject({
      group: 'active',
      deliveryStatus: 'pickup_confirmed',
      trackingPath: `/delivery-tracking/${home.id}`,
      totalCents: home.totalCents,
    });

    const cancelled = pickupHistoryPageSchema.parse(
      (await getJson(server, user, '/api/pickup-history?status=cancelled')).body,
    );
    expect(cancelled.items.map((item) => item.id)).toEqual([pickupId]);
    const digits = home.orderNumber.slice(-4);
    const searched = pickupHistoryPageSchema.parse(
      (await getJson(server, user, `/api/pickup-history?q=${digits}`)).body,
    );
    expect(searched.items.map((item) => item.orderNumber)).toEqual([home.orderNumber]);
    const lower = pickupHistoryPageSchema.parse(
      (await getJson(server, user, `/api/pickup-history?q=${home.orderNumber.toLowerCase()}`)).body,
    );
    expect(lower.total).toBe(1);
    const wildcard = pickupHistoryPageSchema.parse(
      (await getJson(server, user, '/api/pickup-history?q=%25')).body,
    );
    expect(wildcard.total).toBe(0);
    const paged = pickupHistoryPageSchema.parse(
      (await getJson(server, user, '/api/pickup-history?page=2&pageSize=10')).body,
    );
    expect(paged).toMatchObject({ items: [], total: 3, page: 2 });
  });

  it('dispatches an order confirmed before deliveries existed when it is first followed', async () => {
    const legacy = await giveOrder(server.database.db, owner.id, { status: 'confirmed' });
    const delivery = await readDeliveryOfOrder(server, owner, legacy.id);
    expect(delivery.courier.fleet).toBe('curbrun_robots');
    const finished = await giveOrder(server.database.db, owner.id, { status: 'delivered' });
    const response = await server.fetch(`/api/deliveries/order/${finished.id}`, {
      headers: owner.headers,
    });
    expect(response.status).toBe(404);
  });
});

describe('deliveries under the running simulator', () => {
  let server: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    server = await startTestServer({
      env: { SIM_TIME_SCALE: '0.001' },
      startTimers: true,
      timers: { pollIntervalMs: 10 },
    });
    owner = await createTestUser(server);
  });
  afterAll(() => server?.close());

  it('delivers on its own, durable timers only', async () => {
    const order = await placeHomeOrder(server, owner);
    const deadline = Date.now() + 15_000;
    let status = '';
    while (Date.now() < deadline && status !== 'delivered') {
      status = (await readDeliveryOfOrder(server, owner, order.id)).status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe('delivered');
  });
});
