import { randomUUID } from 'node:crypto';
import { outboxListSchema } from 'shared-contracts/notifications';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser } from '../../test/users.ts';
import { arrive, pinFromOutbox, runTimersUntil } from '../curbside/test-helpers.ts';
import { giveOrder } from '../curbside/test-orders.ts';
import { REDACTED } from './service.ts';

/**
 * The development outbox must not keep showing a PIN or a link after it has done its work.
 * Whoever reads it later (a screen share, a rebinding page)
 * should find nothing usable: a secret shows only until it is used.
 */
describeEachDatabase('used secrets in the development outbox', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', SIM_TIME_SCALE: '0.001' },
    });
  });
  afterAll(() => server?.close());

  async function devOutbox(to: string) {
    const response = await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    return outboxListSchema.parse(await response.json());
  }

  it('shows the verification link until the email is verified, then a placeholder', async () => {
    const suffix = randomUUID().slice(0, 8);
    const email = `used_${suffix}@example.test`;
    const registered = await server.fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Uma',
        lastName: 'Used',
        username: `used_${suffix}`,
        email,
        password: 'Str0ng!Passw0rd',
      }),
    });
    expect(registered.status).toBe(201);
    const [before] = await devOutbox(email);
    const token = /verify-email\?token=([\w-]+)/.exec(before?.text ?? '')?.[1] ?? '';
    expect(token).toHaveLength(43);

    const verified = await server.fetch('/api/auth/verify-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(verified.status).toBe(200);

    const [after] = await devOutbox(email);
    expect(after?.id).toBe(before?.id);
    expect(after?.text).not.toContain(token);
    expect(after?.text).toContain(`/verify-email?token=${REDACTED}`);
  });

  it('shows the robot PIN until it opens the compartment, then a placeholder', async () => {
    const owner = await createTestUser(server);
    const order = await giveOrder(server.database.db, owner.id);
    const { id, phoneNumber } = await arrive(server, owner, order.orderNumber);
    await runTimersUntil(server, owner, id, 'awaiting_verification');
    // Still readable while the customer waits for the robot, as the e2e specs need.
    const pin = await pinFromOutbox(server, phoneNumber);

    const opened = await postJson(server, owner, `/api/curbside-pickups/${id}/verify`, {
      verificationPin: pin,
    });
    expect(opened.status).toBe(200);

    const [sms] = await devOutbox(phoneNumber);
    expect(sms?.text).not.toContain(`is ${pin}.`);
    expect(sms?.text).toContain(`your PIN for order ${order.orderNumber} is ${REDACTED}.`);
  });
});
