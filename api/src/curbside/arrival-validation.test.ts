import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { outbox } from '../outbox/schema.ts';
import * as pin from './pin.ts';
import { curbsidePickups } from './schema.ts';
import { arrivalBody } from './test-helpers.ts';
import { giveOrder } from './test-orders.ts';

/**
 * Hashing a PIN with scrypt costs real CPU, so an arrival for an order that does not exist must
 * not make one: otherwise a stranger could make the server burn CPU. The order is checked first;
 * the PIN is only made for an arrival that can succeed. The spy counts the scrypt hashes made.
 */
vi.mock('./pin.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./pin.ts')>();
  return { ...actual, hashPin: vi.fn(actual.hashPin) };
});

describeEachDatabase('curbside arrival checks the order before making a PIN', (kind) => {
  let server: TestServer;
  let customer: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    customer = await createTestUser(server);
    stranger = await createTestUser(server);
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    vi.mocked(pin.hashPin).mockClear();
  });

  async function arrivalFails(user: TestUser, orderNumber: string) {
    const body = arrivalBody(orderNumber);
    const response = await postJson(server, user, '/api/curbside-pickups', body);
    const smsToPhone = await server.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.to, body.phoneNumber));
    return {
      status: response.status,
      body: (await response.json()) as { message: string },
      pinsHashed: vi.mocked(pin.hashPin).mock.calls.length,
      smsToPhone: smsToPhone.length,
    };
  }

  it('refuses an unknown order without hashing a PIN, texting or recording anything', async () => {
    const pickupsBefore = await server.database.db.$count(curbsidePickups);
    expect(await arrivalFails(stranger, 'CR-000001')).toEqual({
      status: 404,
      body: { message: 'We could not find order CR-000001 on your account.' },
      pinsHashed: 0,
      smsToPhone: 0,
    });
    expect(await server.database.db.$count(curbsidePickups)).toBe(pickupsBefore);
  });

  it("refuses someone else's order the same way", async () => {
    const theirs = await giveOrder(server.database.db, customer.id);
    expect(await arrivalFails(stranger, theirs.orderNumber)).toEqual({
      status: 404,
      body: { message: `We could not find order ${theirs.orderNumber} on your account.` },
      pinsHashed: 0,
      smsToPhone: 0,
    });
  });

  it('refuses an order in the wrong status, or already at the curb, before hashing', async () => {
    const pending = await giveOrder(server.database.db, customer.id, { status: 'pending' });
    expect(await arrivalFails(customer, pending.orderNumber)).toEqual({
      status: 409,
      body: {
        message: `Order ${pending.orderNumber} is pending, so it cannot be picked up at the curb.`,
      },
      pinsHashed: 0,
      smsToPhone: 0,
    });

    const ready = await giveOrder(server.database.db, customer.id);
    const first = await postJson(
      server,
      customer,
      '/api/curbside-pickups',
      arrivalBody(ready.orderNumber),
    );
    expect(first.status).toBe(201);
    // The arrival that can succeed is the only one that costs a hash.
    expect(vi.mocked(pin.hashPin)).toHaveBeenCalledTimes(1);
    vi.mocked(pin.hashPin).mockClear();

    expect(await arrivalFails(customer, ready.orderNumber)).toEqual({
      status: 409,
      body: { message: `A curbside pickup for order ${ready.orderNumber} is already in progress.` },
      pinsHashed: 0,
      smsToPhone: 0,
    });
  });
});
