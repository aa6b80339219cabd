import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { outboxListSchema } from 'shared-contracts/notifications';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser } from '../../test/users.ts';
import { arrivalBody, pinFromOutbox } from '../curbside/test-helpers.ts';
import { giveOrder } from '../curbside/test-orders.ts';
import { outbox } from './schema.ts';
import { REDACTED, recordDelivery, redactExpiredSecrets, withoutToken } from './service.ts';

/**
 * The outbox table must not keep curbside PINs and verification and email-change tokens in plain
 * text forever, for anyone holding a backup or a database dump to read. A
 * secret stays only while delivery needs it: until the message is delivered, or until the
 * secret's time is over. These tests read the table itself, as such a person would.
 */
describeEachDatabase('secrets in the outbox', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
    });
  });
  afterAll(() => server?.close());

  const rowsTo = (to: string) =>
    server.database.db.select().from(outbox).where(eq(outbox.to, to.toLowerCase()));

  async function devOutbox(to: string) {
    const response = await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    return outboxListSchema.parse(await response.json());
  }

  async function register(): Promise<{ email: string; token: string }> {
    const suffix = randomUUID().slice(0, 8);
    const email = `secret_${suffix}@example.test`;
    const response = await server.fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Sam',
        lastName: 'Secret',
        username: `secret_${suffix}`,
        email,
        password: 'Str0ng!Passw0rd',
      }),
    });
    expect(response.status).toBe(201);
    const [mail] = await devOutbox(email);
    const token = /verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error('no verification link in the outbox');
    return { email, token };
  }

  it('drops the curbside PIN from the table once the text is delivered', async () => {
    const customer = await createTestUser(server);
    const order = await giveOrder(server.database.db, customer.id);
    const body = arrivalBody(order.orderNumber);
    const arrived = await postJson(server, customer, '/api/curbside-pickups', body);
    expect(arrived.status).toBe(201);

    // While it waits for delivery, the development outbox shows it, as the README promises.
    const pin = await pinFromOutbox(server, body.phoneNumber);
    const [queued] = await rowsTo(body.phoneNumber);
    expect(queued?.text).toContain(`is ${pin}.`);
    expect(queued?.secretExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);

    await recordDelivery(server.database.db, queued?.id ?? '', 'sent');
    const [delivered] = await rowsTo(body.phoneNumber);
    expect(delivered).toMatchObject({ status: 'sent', redactedText: null, secretExpiresAt: null });
    expect(delivered?.text).toBe(
      `CurbRun: your PIN for order ${order.orderNumber} is ${REDACTED}. Enter it when the robot ` +
        `arrives at parking spot ${body.parkingSpotNumber} to open its compartment. Never share this PIN.`,
    );
    expect(JSON.stringify(delivered)).not.toMatch(new RegExp(`is ${pin}\\b`));
    const [shown] = await devOutbox(body.phoneNumber);
    expect(shown?.text).not.toContain(`is ${pin}.`);
  });

  it('drops the verification token once the email is delivered; the link still works', async () => {
    const { email, token } = await register();
    const [queued] = await rowsTo(email);
    expect(queued?.text).toContain(token);

    await recordDelivery(server.database.db, queued?.id ?? '', 'sent');
    const [delivered] = await rowsTo(email);
    expect(JSON.stringify(delivered)).not.toContain(token);
    expect(delivered?.text).toContain(`/verify-email?token=${REDACTED}`);
    expect(delivered?.text).toContain('Confirm your email address');

    // The person received the link; only our copy of it is gone.
    const verified = await server.fetch('/api/auth/verify-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(verified.status).toBe(200);
  });

  it('drops an email-change token that is never delivered once the link has expired', async () => {
    const user = await createTestUser(server);
    const newEmail = `changed_${randomUUID().slice(0, 8)}@example.test`;
    const changed = await postJson(server, user, '/api/users/me/email', { email: newEmail });
    expect(changed.status).toBe(200);
    const [queued] = await rowsTo(newEmail);
    const token = /verify-email\?token=([\w-]+)/.exec(queued?.text ?? '')?.[1] ?? '';
    expect(token).toHaveLength(43);
    // Kept exactly as long as the link works: 24 hours.
    const keptFor = (queued?.secretExpiresAt?.getTime() ?? 0) - (queued?.createdAt.getTime() ?? 0);
    expect(Math.abs(keptFor - 24 * 60 * 60_000)).toBeLessThan(60_000);

    // Still needed: a sweep now leaves it alone.
    await redactExpiredSecrets(server.database.db);
    expect((await rowsTo(newEmail))[0]?.text).toContain(token);

    // A day later (a transport never took it): gone from the table, status untouched.
    const dayLater = new Date(Date.now() + 24 * 60 * 60_000 + 60_000);
    expect(await redactExpiredSecrets(server.database.db, dayLater)).toBeGreaterThanOrEqual(1);
    const [expired] = await rowsTo(newEmail);
    expect(expired).toMatchObject({ status: 'pending', redactedText: null, secretExpiresAt: null });
    expect(JSON.stringify(expired)).not.toContain(token);
    expect(expired?.text).toContain(`/verify-email?token=${REDACTED}`);
  });

  it('hides a secret in the development outbox as soon as its time is over', async () => {
    const { email, token } = await register();
    // As if the sweep had not run yet since the link expired.
    await server.database.db
      .update(outbox)
      .set({ secretExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(outbox.to, email));
    const [shown] = await devOutbox(email);
    expect(shown?.text).not.toContain(token);
    expect(shown?.text).toContain(`/verify-email?token=${REDACTED}`);
  });

  it('leaves messages without a secret as they are, and refuses to redact short secrets blindly', async () => {
    const user = await createTestUser(server);
    const changed = await postJson(server, user, '/api/users/me/email', {
      email: `other_${randomUUID().slice(0, 8)}@example.test`,
    });
    expect(changed.status).toBe(200);
    const warningOf = async () =>
      (await rowsTo(user.email)).find((row) => row.subject.includes('about to change'));
    const warning = await warningOf();
    expect(warning).toMatchObject({
      subject: 'Your CurbRun email address is about to change',
      redactedText: null,
      secretExpiresAt: null,
    });
    await recordDelivery(server.database.db, warning?.id ?? '', 'sent');
    const sent = await warningOf();
    expect(sent).toMatchObject({ status: 'sent', text: warning?.text });
    expect(() => withoutToken('your PIN is 4821', '4821')).toThrow('long random tokens only');
  });
});
