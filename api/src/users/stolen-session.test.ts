import { USER_MESSAGES } from 'shared-contracts/users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/users.ts';
import { createSession } from '../auth/sessions.ts';

/**
 * A thief with a stolen session must not lock the owner out of changing the
 * password, and the owner can sign every other session out (after re-entering the password).
 */
describeEachDatabase('a stolen session cannot lock the owner out', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  const post = (headers: Record<string, string>, path: string, body?: unknown) =>
    server.fetch(path, {
      method: 'POST',
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  /** A second session of the user, outside the sensitive window (as a stolen token is). */
  async function stolenSession(userId: string) {
    const { token } = await createSession(server.database.db, userId, {
      now: new Date(),
      sensitiveWindowMs: 0,
    });
    return { authorization: `Bearer ${token}` };
  }

  it("the thief's wrong current passwords throttle the thief's session, not the owner's change", async () => {
    const owner = await createTestUser(server);
    const thief = await stolenSession(owner.id);
    const guess = { currentPassword: 'Wrong#Guess99', newPassword: 'Thief@Owns2026' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await post(thief, '/api/users/me/password', guess)).status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);

    // Same address (both from this machine), another session: the owner's change goes through.
    const changed = await post(owner.headers, '/api/users/me/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Owner@Again2026',
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(((await changed.json()) as { message: string }).message).toBe(
      USER_MESSAGES.passwordChanged,
    );
    expect((await server.fetch('/api/auth/me', { headers: thief })).status).toBe(401);
  });

  it('signs every other session out, only after the password was re-entered', async () => {
    const owner = await createTestUser(server);
    const thief = await stolenSession(owner.id);
    const ownerLater = await stolenSession(owner.id);

    // Outside the sensitive window (the thief's position): refused, nothing ends.
    const refused = await post(ownerLater, '/api/users/me/sessions/sign-out-others');
    expect(refused.status).toBe(403);
    expect((await server.fetch('/api/auth/me', { headers: owner.headers })).status).toBe(200);

    // The owner signed in recently (the re-check): every other session ends, this one stays.
    const done = await post(owner.headers, '/api/users/me/sessions/sign-out-others');
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: USER_MESSAGES.otherSessionsEnded });
    expect((await server.fetch('/api/auth/me', { headers: thief })).status).toBe(401);
    expect((await server.fetch('/api/auth/me', { headers: ownerLater })).status).toBe(401);
    expect((await server.fetch('/api/auth/me', { headers: owner.headers })).status).toBe(200);
    const outbox = await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(owner.email)}`);
    expect(JSON.stringify(await outbox.json())).toContain('signed out on your other devices');
  });
});
