import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableDatabases,
  createTestDatabaseTarget,
  describeEachDatabase,
  startTestServer,
  type TestServer,
} from '../../test/harness.ts';
import { createTestUser, TEST_PASSWORD, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';
import { addresses } from '../addresses/schema.ts';
import { sessions, users } from './schema.ts';
import { createSession } from './sessions.ts';

const NEW_PASSWORD = 'Another@Pass2026';

async function me(server: TestServer, headers: { authorization: string }) {
  const response = await server.fetch('/api/auth/me', { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A second signed-in session of the same user (another device). */
async function secondSession(server: TestServer, user: TestUser) {
  const { token } = await createSession(server.database.db, user.id, {
    now: new Date(),
    sensitiveWindowMs: 60_000,
  });
  return { authorization: `Bearer ${token}` };
}

const changePassword = (server: TestServer, user: TestUser) =>
  server.fetch('/api/users/me/password', {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }),
  });

describeEachDatabase('cached sessions: revocation stays immediate', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: false });
  });
  afterAll(() => server?.close());

  it('a logged-out token is refused on its very next request', async () => {
    const user = await createTestUser(server);
    // Twice: the second answer comes from the cache.
    expect((await me(server, user.headers)).status).toBe(200);
    expect((await me(server, user.headers)).status).toBe(200);
    // Only the embedded database's single process caches sessions (session-cache.ts).
    expect(server.app.sessionCache.size > 0).toBe(kind === 'pglite');

    const logout = await server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: user.headers,
    });
    expect(logout.status).toBe(200);
    expect(await me(server, user.headers)).toEqual({
      status: 401,
      body: { message: 'Your session has ended. Please sign in again.' },
    });
  });

  it('a password change refuses the other sessions at once', async () => {
    const user = await createTestUser(server);
    const other = await secondSession(server, user);
    expect((await me(server, other)).status).toBe(200);
    expect((await me(server, other)).status).toBe(200);

    expect((await changePassword(server, user)).status).toBe(200);
    expect((await me(server, other)).status).toBe(401);
    expect((await me(server, user.headers)).status).toBe(200);
  });

  it('a session ended or a user renamed straight in the database is seen on the next request', async () => {
    const user = await createTestUser(server, { firstName: 'Ada' });
    expect((await me(server, user.headers)).body).toMatchObject({ user: { firstName: 'Ada' } });

    await server.database.db
      .update(users)
      .set({ firstName: 'Augusta' })
      .where(eq(users.id, user.id));
    await waitFor(
      async () =>
        ((await me(server, user.headers)).body.user as { firstName?: string })?.firstName ===
        'Augusta',
      { timeoutMs: 2_000, what: 'the renamed user in /api/auth/me' },
    );

    await server.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, user.id));
    await waitFor(async () => (await me(server, user.headers)).status === 401, {
      timeoutMs: 2_000,
      what: 'the revoked session refused',
    });
  });

  it('a new default address shows in /api/auth/me on the next request', async () => {
    const user = await createTestUser(server);
    expect((await me(server, user.headers)).body).toMatchObject({
      user: { defaultAddressLine: null },
    });
    expect((await me(server, user.headers)).status).toBe(200);
    const created = await server.fetch('/api/addresses', {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        line1: '1200 Main St',
        line2: 'Apt 5',
        city: 'Dallas',
        state: 'TX',
        zip: '75202',
      }),
    });
    expect(created.status).toBe(201);
    expect((await me(server, user.headers)).body).toMatchObject({
      user: { defaultAddressLine: '1200 Main St, Apt 5' },
    });

    // Changed straight in the database: the addresses trigger's NOTIFY drops the cached line.
    await server.database.db
      .update(addresses)
      .set({ line2: null })
      .where(eq(addresses.userId, user.id));
    await waitFor(
      async () =>
        ((await me(server, user.headers)).body.user as { defaultAddressLine?: string })
          ?.defaultAddressLine === '1200 Main St',
      { timeoutMs: 2_000, what: 'the changed address line in /api/auth/me' },
    );
  });

  if (kind === 'pglite') {
    it('on the embedded database, even a direct revocation is refused on the very next request', async () => {
      const user = await createTestUser(server);
      expect((await me(server, user.headers)).status).toBe(200);
      await server.database.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, user.id));
      expect((await me(server, user.headers)).status).toBe(401);
    });
  }
});

describe.runIf(availableDatabases().includes('postgres'))(
  'cached sessions across API processes [postgres]',
  () => {
    // Two servers on one database, each with its own connections and LISTEN, as two processes.
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      const target = await createTestDatabaseTarget('postgres');
      a = await startTestServer({ database: target, seed: false });
      b = await startTestServer({ database: target, seed: false });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await a?.target.drop();
    });

    it('a logout on one process is refused by the other on its next request', async () => {
      const user = await createTestUser(a);
      expect((await me(b, user.headers)).status).toBe(200);
      expect((await me(b, user.headers)).status).toBe(200);
      expect(
        (await a.fetch('/api/auth/logout', { method: 'POST', headers: user.headers })).status,
      ).toBe(200);
      expect((await me(b, user.headers)).status).toBe(401);
      expect((await me(a, user.headers)).status).toBe(401);
    });

    it('a password change on one process signs the other sessions out on every process', async () => {
      const user = await createTestUser(a);
      const other = await secondSession(a, user);
      for (const server of [a, b]) expect((await me(server, other)).status).toBe(200);
      expect((await changePassword(a, user)).status).toBe(200);
      for (const server of [b, a]) expect((await me(server, other)).status).toBe(401);
      for (const server of [a, b]) expect((await me(server, user.headers)).status).toBe(200);
    });
  },
);
