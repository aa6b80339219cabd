import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  type RefundRequestRecord,
  refundPhotoSchema,
  refundRequestSchema,
} from 'shared-contracts/refunds';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { Raster } from '../deliveries/png.ts';
import { placeHomeOrder, runDeliveryUntil } from '../deliveries/test-helpers.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { getJson } from '../order-pickups/test-helpers.ts';
import { payments } from '../payments/schema.ts';
import { walletBalance } from '../payments/wallet-ledger.ts';
import { refundRequests } from './schema.ts';
import { deliveredRetailerOrder, reviewed } from './test-helpers.ts';

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message;
}

const png = () => new Raster(8, 8, [200, 40, 40]).toPng();

describeEachDatabase('refund requests', (kind) => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, env: { SIM_TIME_SCALE: '0.005' } });
    owner = await createTestUser(server);
    stranger = await createTestUser(server);
  });
  afterAll(() => server?.close());

  const deliveredOrder = async (user: TestUser) => {
    const order = await placeHomeOrder(server, user);
    await runDeliveryUntil(server, user, order.id, (d) => d.status === 'delivered');
    return order;
  };

  const request = (user: TestUser, body: Record<string, unknown>) =>
    postJson(server, user, '/api/refund-requests', body, randomUUID());

  const upload = (user: TestUser, body: Buffer, type = 'image/png') =>
    server.fetch('/api/refund-photos', {
      method: 'POST',
      headers: { ...user.headers, 'content-type': type },
      body,
    });

  it('credits the wallet with the value of a damaged item the retailer listed, photos attached', async () => {
    // Item claims are approved automatically only against the items the retailer sent.
    const order = await deliveredRetailerOrder(server, owner, [
      { name: 'Table lamp', quantity: 1, unitPriceCents: 4599 },
    ]);
    const before = await walletBalance(server.database.db, owner.id);
    const photoResponse = await upload(owner, png());
    expect(photoResponse.status).toBe(201);
    const photo = refundPhotoSchema.parse(await photoResponse.json());

    const response = await request(owner, {
      orderPickupId: order.id,
      reason: 'damaged_item',
      description: 'The box was crushed and the lamp inside is broken.',
      itemValueCents: 4599,
      photoIds: [photo.id],
    });
    expect(response.status).toBe(201);
    const created = refundRequestSchema.parse(await response.json());
    expect(created).toMatchObject({
      status: 'submitted',
      orderNumber: order.orderNumber,
      itemValueCents: 4599,
    });
    expect(created.photos.map((p) => p.id)).toEqual([photo.id]);

    const done = await reviewed(server, owner, created.id);
    expect(done).toMatchObject({ status: 'approved', approvedCents: 4599, creditedTo: 'wallet' });
    expect(done.decision).toContain('$45.99 has been credited to your CurbRun wallet');
    expect(await walletBalance(server.database.db, owner.id)).toBe(before + 4599);

    const image = await server.fetch(photo.url, { headers: owner.headers });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await server.fetch(photo.url, { headers: stranger.headers })).status).toBe(404);
  });

  it('refuses a second request for the same order and reason, with a message', async () => {
    const order = await deliveredOrder(owner);
    const body = {
      orderPickupId: order.id,
      reason: 'missing_item',
      description: 'One of the two bags never arrived.',
      itemValueCents: 2000,
    };
    expect((await request(owner, body)).status).toBe(201);
    const again = await request(owner, {
      ...body,
      description: 'Still missing a bag, asking again.',
    });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(
      `You already asked for a refund on order ${order.orderNumber} for "Missing item" (status: submitted). We review each reason once per order.`,
    );
    // Another reason on the same order is a new request.
    const other = await request(owner, { ...body, reason: 'other', itemValueCents: undefined });
    expect(other.status).toBe(201);
    const otherRecord = refundRequestSchema.parse(await other.json());
    expect(otherRecord.itemValueCents).toBeNull();
    const rows = await server.database.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.orderPickupId, order.id));
    expect(rows).toHaveLength(2);
    expect((await reviewed(server, owner, otherRecord.id)).status).toBe('needs_review');
  });

  it('refunds the delivery fee of a late delivery to the card', async () => {
    const order = await deliveredOrder(owner);
    // The window ended an hour before the courier arrived.
    await server.database.db
      .update(orderPickups)
      .set({ windowEndsAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(orderPickups.id, order.id));
    const response = await request(owner, {
      orderPickupId: order.id,
      reason: 'late',
      description: 'It came an hour after the window.',
      destination: 'original_method',
    });
    expect(response.status).toBe(201);
    const done = await reviewed(server, owner, refundRequestSchema.parse(await response.json()).id);
    expect(done).toMatchObject({
      status: 'approved',
      approvedCents: order.feeCents,
      creditedTo: 'card',
    });
    expect(done.decision).toContain('100% of the delivery fee');
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, order.payment?.id ?? ''));
    // The tip stays with the courier.
    expect(payment?.refundedCents).toBe(order.feeCents);
    expect(payment?.status).toBe('partially_refunded');
  });

  it('turns down a late-delivery request that came in time, and refuses one too early', async () => {
    const inTime = await deliveredOrder(owner);
    const response = await request(owner, {
      orderPickupId: inTime.id,
      reason: 'late',
      description: 'It felt slow to me today.',
    });
    const done = await reviewed(server, owner, refundRequestSchema.parse(await response.json()).id);
    expect(done.status).toBe('rejected');
    expect(done.decision).toContain('inside its delivery window');

    const moving = await placeHomeOrder(server, owner, { window: '4h' });
    const early = await request(owner, {
      orderPickupId: moving.id,
      reason: 'late',
      description: 'It has not come yet, so it is late.',
    });
    expect(early.status).toBe(422);
    expect(await messageOf(early)).toMatch(/^This order is not late: its delivery window ends at /);
    const items = await request(owner, {
      orderPickupId: moving.id,
      reason: 'damaged_item',
      description: 'It has not come yet but I worry.',
      itemValueCents: 100,
    });
    expect(items.status).toBe(422);
    const stored = await server.database.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.orderPickupId, moving.id));
    expect(stored).toEqual([]);
  });

  it('keeps requests and photos to their owner', async () => {
    const order = await deliveredOrder(owner);
    const theirs = await request(stranger, {
      orderPickupId: order.id,
      reason: 'other',
      description: 'Not my order at all, trying anyway.',
    });
    expect(theirs.status).toBe(404);
    const mine = await request(owner, {
      orderPickupId: order.id,
      reason: 'other',
      description: 'The courier was very friendly, just checking.',
    });
    const created = refundRequestSchema.parse(await mine.json());
    expect(
      (await server.fetch(`/api/refund-requests/${created.id}`, { headers: stranger.headers }))
        .status,
    ).toBe(404);
    const list = await getJson<RefundRequestRecord[]>(server, stranger, '/api/refund-requests');
    expect(list.body.map((r) => r.id)).not.toContain(created.id);

    const strangerPhoto = refundPhotoSchema.parse(await (await upload(stranger, png())).json());
    const withTheirPhoto = await request(owner, {
      orderPickupId: order.id,
      reason: 'damaged_item',
      description: 'Trying to attach a photo that is not mine.',
      itemValueCents: 500,
      photoIds: [strangerPhoto.id],
    });
    expect(withTheirPhoto.status).toBe(400);
    expect(await messageOf(withTheirPhoto)).toBe('A photo was not found; upload it again');
  });

  it('checks photos by their bytes, type and size', async () => {
    const fake = await upload(owner, Buffer.from('not really a picture'), 'image/png');
    expect(fake.status).toBe(415);
    expect(await messageOf(fake)).toBe('Photos must be JPEG, PNG or WebP images');
    const wrongType = await upload(owner, png(), 'image/gif');
    expect(wrongType.status).toBe(415);
    expect(await messageOf(wrongType)).toBe('Photos must be JPEG, PNG or WebP images');
    const big = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(owner, big);
    expect(tooBig.status).toBe(413);
    expect(await messageOf(tooBig)).toBe('Each photo must be at most 5 MB');
    const tooMany = await request(owner, {
      orderPickupId: randomUUID(),
      reason: 'other',
      description: 'Four photos is one too many.',
      photoIds: [randomUUID(), randomUUID(), randomUUID(), randomUUID()],
    });
    expect(tooMany.status).toBe(400);
    expect(await messageOf(tooMany)).toBe('Attach at most 3 photos');
  });
});
