import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { outboxListSchema } from 'shared-contracts/notifications';
import { notificationPreferencesSchema } from 'shared-contracts/settings';
import { accountProfileSchema, userListSchema } from 'shared-contracts/users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser, TEST_PASSWORD, type TestUser } from '../../test/users.ts';
import { addresses } from '../addresses/schema.ts';
import { sessions, users } from '../auth/schema.ts';
import { placeHomeOrder, runDeliveryUntil } from '../deliveries/test-helpers.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { getJson } from '../order-pickups/test-helpers.ts';

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message;
}

const NEW_PASSWORD = 'Brand@New2026pw';

describeEachDatabase('account settings', (kind) => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, env: { SIM_TIME_SCALE: '0.005' } });
    owner = await createTestUser(server, { firstName: 'Dana', lastName: 'Rivera' });
    other = await createTestUser(server);
  });
  afterAll(() => server?.close());

  const send = (
    user: TestUser | { headers: Record<string, string> },
    method: string,
    path: string,
    body?: unknown,
  ) =>
    server.fetch(path, {
      method,
      headers: {
        ...user.headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function login(identifier: string, password: string): Promise<Response> {
    return server.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier, password }),
    });
  }

  async function outboxTo(address: string) {
    const response = await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(address)}`);
    return outboxListSchema.parse(await response.json());
  }

  it('answers GET /api/users with the caller alone', async () => {
    const { status, body } = await getJson(server, owner, '/api/users');
    expect(status).toBe(200);
    const list = userListSchema.parse(body);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: owner.id,
      email: owner.email,
      firstName: 'Dana',
      pendingEmail: null,
    });
    expect(JSON.stringify(body)).not.toContain(other.email);
    expect((await server.fetch('/api/users')).status).toBe(401);
  });

  it('changes the profile, refusing a username someone else has', async () => {
    const user = await createTestUser(server);
    const response = await send(user, 'PATCH', '/api/users/me', {
      firstName: ' Robin ',
      lastName: 'Okafor',
      username: `robin_${randomUUID().slice(0, 6)}`,
    });
    expect(response.status).toBe(200);
    const profile = accountProfileSchema.parse(await response.json());
    expect(profile).toMatchObject({ firstName: 'Robin', lastName: 'Okafor' });

    const taken = await send(user, 'PATCH', '/api/users/me', {
      firstName: 'Robin',
      lastName: 'Okafor',
      username: other.username.toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect(await messageOf(taken)).toBe(
      'That username is already taken. Please choose another one.',
    );
    const empty = await send(user, 'PATCH', '/api/users/me', {
      firstName: '',
      lastName: 'X',
      username: 'abc',
    });
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toBe('First name is required');
  });

  it('changes the email only through the sensitive window and a link to the new address', async () => {
    const user = await createTestUser(server);
    const newEmail = `new_${randomUUID().slice(0, 8)}@example.test`;

    // Outside the sensitive window: 403, nothing sent.
    await server.database.db
      .update(sessions)
      .set({ sensitiveUntil: new Date(0) })
      .where(eq(sessions.userId, user.id));
    const locked = await send(user, 'POST', '/api/users/me/email', { email: newEmail });
    expect(locked.status).toBe(403);
    expect(await outboxTo(newEmail)).toEqual([]);
    await server.database.db
      .update(sessions)
      .set({ sensitiveUntil: new Date(Date.now() + 60_000) })
      .where(eq(sessions.userId, user.id));

    const taken = await send(user, 'POST', '/api/users/me/email', { email: other.email });
    expect(taken.status).toBe(409);
    const response = await send(user, 'POST', '/api/users/me/email', {
      email: newEmail.toUpperCase(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: `We sent a verification link to ${newEmail}. Your email changes once you open it.`,
      pendingEmail: newEmail,
    });
    const pending = accountProfileSchema.parse((await getJson(server, user, '/api/users/me')).body);
    expect(pending).toMatchObject({ email: user.email, pendingEmail: newEmail });
    const [warning] = await outboxTo(user.email);
    expect(warning?.subject).toBe('Your CurbRun email address is about to change');

    const [link] = await outboxTo(newEmail);
    const token = /token=([A-Za-z0-9_-]+)/.exec(link?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const verified = await server.fetch('/api/auth/verify-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(verified.status).toBe(200);
    expect(await messageOf(verified)).toBe(
      'Your new email address is verified. Use it to log in from now on.',
    );
    const changed = accountProfileSchema.parse((await getJson(server, user, '/api/users/me')).body);
    expect(changed).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });
    expect((await login(newEmail, TEST_PASSWORD)).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
  });

  it('changes the password and signs out every other session', async () => {
    const user = await createTestUser(server);
    const otherDevice = (await (await login(user.username, TEST_PASSWORD)).json()) as {
      token: string;
    };
    const otherHeaders = { authorization: `Bearer ${otherDevice.token}` };
    expect((await server.fetch('/api/auth/me', { headers: otherHeaders })).status).toBe(200);

    const wrong = await send(user, 'POST', '/api/users/me/password', {
      currentPassword: 'Not#theRight1',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(403);
    expect(await messageOf(wrong)).toBe('Your current password is incorrect.');
    const weak = await send(user, 'POST', '/api/users/me/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(await messageOf(weak)).toBe('Password must be at least 8 characters');

    const changed = await send(user, 'POST', '/api/users/me/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect(await messageOf(changed)).toBe(
      'Password changed. You were signed out on every other device.',
    );
    expect((await server.fetch('/api/auth/me', { headers: otherHeaders })).status).toBe(401);
    expect((await server.fetch('/api/auth/me', { headers: user.headers })).status).toBe(200);
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('saves notification preferences that the outbox honours', async () => {
    const user = await createTestUser(server);
    const defaults = notificationPreferencesSchema.parse(
      (await getJson(server, user, '/api/users/me/notification-preferences')).body,
    );
    expect(defaults.events.delivery_updates).toEqual({ email: true, sms: false });
    const events = { ...defaults.events, delivery_updates: { email: false, sms: true } };
    const noPhone = await send(user, 'PUT', '/api/users/me/notification-preferences', {
      mobileNumber: '',
      events,
    });
    expect(noPhone.status).toBe(400);
    expect(await messageOf(noPhone)).toBe('Add a mobile number to get text messages');
    const phone = `+1 214 555 ${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const saved = await send(user, 'PUT', '/api/users/me/notification-preferences', {
      mobileNumber: phone,
      events,
    });
    expect(saved.status).toBe(200);
    expect(notificationPreferencesSchema.parse(await saved.json())).toEqual({
      mobileNumber: phone,
      events,
    });

    const order = await placeHomeOrder(server, user);
    await runDeliveryUntil(server, user, order.id, (d) => d.status === 'en_route');
    const texts = await outboxTo(phone);
    expect(texts.map((m) => m.text)).toContainEqual(
      expect.stringMatching(/^CurbRun: .+ is on the way with order /),
    );
    const emails = await outboxTo(user.email);
    expect(emails.map((m) => m.subject)).not.toContain(`Order ${order.orderNumber} is on its way`);
  });

  it('deletes the account: personal data removed, orders kept anonymised', async () => {
    const user = await createTestUser(server, { firstName: 'Casey', lastName: 'Moreno' });
    const created = await postJson(server, user, '/api/addresses', {
      line1: '9100 Skillman St',
      city: 'Dallas',
      state: 'TX',
      zip: '75231',
    });
    expect(created.status).toBe(201);
    const order = await placeHomeOrder(server, user);

    const unconfirmed = await send(user, 'DELETE', '/api/users/me', {
      password: TEST_PASSWORD,
      confirmation: 'delete',
    });
    expect(unconfirmed.status).toBe(400);
    expect(await messageOf(unconfirmed)).toBe('Type DELETE to confirm');
    const wrong = await send(user, 'DELETE', '/api/users/me', {
      password: 'Wrong#pass11',
      confirmation: 'DELETE',
    });
    expect(wrong.status).toBe(403);

    const deleted = await send(user, 'DELETE', '/api/users/me', {
      password: TEST_PASSWORD,
      confirmation: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(await messageOf(deleted)).toContain('Your account was deleted.');

    expect((await server.fetch('/api/auth/me', { headers: user.headers })).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(401);

    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(JSON.stringify(row)).not.toMatch(/Casey|Moreno/);
    expect(row?.email).not.toBe(user.email);
    expect(
      await server.database.db.select().from(addresses).where(eq(addresses.userId, user.id)),
    ).toEqual([]);
    const [kept] = await server.database.db
      .select()
      .from(orderPickups)
      .where(eq(orderPickups.id, order.id));
    expect(kept?.userId).toBe(user.id);
    expect(kept?.customerName).toBeNull();
    expect(kept?.deliveryAddress?.line1).toBe('Address removed');
    expect(kept?.deliveryAddress?.zip).toBe('75231');
    expect(kept?.totalCents).toBe(order.totalCents);
    expect(await outboxTo(user.email)).toEqual([]);

    // The address is free for a new account.
    const again = await server.fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Casey',
        lastName: 'Moreno',
        username: `casey_${randomUUID().slice(0, 6)}`,
        email: user.email,
        password: NEW_PASSWORD,
      }),
    });
    expect(again.status).toBe(201);
  });
});
