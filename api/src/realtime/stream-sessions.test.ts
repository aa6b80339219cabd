import { eq } from 'drizzle-orm';
import { deliverySchema } from 'shared-contracts/deliveries';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { openEventStream, type SseConnection } from '../../test/sse-client.ts';
import { createTestUser, TEST_PASSWORD, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';
import { sessions } from '../auth/schema.ts';
import { publishSessionRevocation } from '../auth/session-revocation.ts';
import { createSession } from '../auth/sessions.ts';
import { placeHomeOrder } from '../deliveries/test-helpers.ts';

/**
 * A live stream belongs to the session that opened it. Logging out, changing
 * the password (other sessions) and deleting the account end the streams of the sessions they
 * end, on every API process; the heartbeat re-checks in case the broadcast was lost.
 */

const HEARTBEAT_MS = 300;

/** Reads (and drops) events until the server ends the stream; answers how long that took. */
async function endsWithin(stream: SseConnection, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const left = timeoutMs - (Date.now() - started);
    if (left <= 0) throw new Error(`the stream was still open after ${timeoutMs} ms`);
    try {
      await stream.next(left);
    } catch (error) {
      if ((error as Error).message === 'event stream ended') return Date.now() - started;
      throw error;
    }
  }
}

/** The stream is still open after `ms`: it neither ended nor stopped sending heartbeats. */
async function staysOpen(stream: SseConnection, ms: number) {
  const heartbeats = stream.comments.length;
  await expect(
    (async () => {
      for (;;) await stream.next(ms);
    })(),
  ).rejects.toThrow(/no event within/);
  expect(stream.comments.length).toBeGreaterThan(heartbeats);
}

/** A customer with a home delivery, and a live stream of it (a real customer route). */
async function customerFollowingDelivery(server: TestServer) {
  const user = await createTestUser(server);
  const order = await placeHomeOrder(server, user);
  const response = await server.fetch(`/api/deliveries/order/${order.id}`, {
    headers: user.headers,
  });
  expect(response.status).toBe(200);
  const delivery = deliverySchema.parse(await response.json());
  const url = `${server.url}/api/deliveries/${delivery.id}/events`;
  return { user, url, open: (headers = user.headers) => openEventStream(url, headers) };
}

async function secondSession(server: TestServer, user: TestUser) {
  const { token } = await createSession(server.database.db, user.id, {
    now: new Date(),
    sensitiveWindowMs: 600_000,
  });
  return { authorization: `Bearer ${token}` };
}

describeEachDatabase('live streams end with their session', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind, heartbeatMs: HEARTBEAT_MS });
  });
  afterAll(() => server?.close());

  it('ends a stream opened before logout, and the token cannot open a new one', async () => {
    const customer = await customerFollowingDelivery(server);
    const stream = await customer.open();
    expect(stream.response.status).toBe(200);
    const logout = await server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: customer.user.headers,
    });
    expect(logout.status).toBe(200);
    expect(await endsWithin(stream, HEARTBEAT_MS * 3)).toBeLessThan(HEARTBEAT_MS * 3);
    const again = await openEventStream(customer.url, customer.user.headers);
    expect(again.response.status).toBe(401);
    again.close();
  });

  it("ends the other sessions' streams on a password change, and keeps this session's", async () => {
    const customer = await customerFollowingDelivery(server);
    const otherDevice = await secondSession(server, customer.user);
    const stolen = await customer.open(otherDevice);
    const mine = await customer.open();
    try {
      const change = await server.fetch('/api/users/me/password', {
        method: 'POST',
        headers: { ...customer.user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          currentPassword: TEST_PASSWORD,
          newPassword: 'Another@Pass2027',
        }),
      });
      expect(change.status).toBe(200);
      await endsWithin(stolen, HEARTBEAT_MS * 3);
      await staysOpen(mine, HEARTBEAT_MS * 3);
    } finally {
      stolen.close();
      mine.close();
    }
  });

  it('ends every stream of a deleted account', async () => {
    const customer = await customerFollowingDelivery(server);
    const otherDevice = await secondSession(server, customer.user);
    const streams = [await customer.open(), await customer.open(otherDevice)];
    const deletion = await server.fetch('/api/users/me', {
      method: 'DELETE',
      headers: { ...customer.user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ password: TEST_PASSWORD, confirmation: 'DELETE' }),
    });
    expect(deletion.status).toBe(200);
    for (const stream of streams) await endsWithin(stream, HEARTBEAT_MS * 3);
  });

  it('ends a stream on the next heartbeat when the broadcast never came', async () => {
    const customer = await customerFollowingDelivery(server);
    const stream = await customer.open();
    // Revoked behind the server's back, as if the NOTIFY had been lost on the way.
    await server.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, customer.user.id));
    // One heartbeat, plus one in case the revocation landed just after a re-check began.
    await endsWithin(stream, HEARTBEAT_MS * 2 + 1_000);
  });

  it('ends a stream when its session expires', async () => {
    const customer = await customerFollowingDelivery(server);
    const stream = await customer.open();
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, customer.user.id));
    await endsWithin(stream, HEARTBEAT_MS * 2 + 1_000);
  });

  it('ends nothing when the transaction that would end the session rolls back', async () => {
    const customer = await customerFollowingDelivery(server);
    const stream = await customer.open();
    try {
      await expect(
        server.database.db.transaction(async (tx) => {
          await publishSessionRevocation(tx, { userId: customer.user.id, allSessions: true });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await staysOpen(stream, HEARTBEAT_MS * 3);
    } finally {
      stream.close();
    }
  });

  it('leaves the streams of other people alone', async () => {
    const leaving = await customerFollowingDelivery(server);
    const staying = await customerFollowingDelivery(server);
    const theirs = await staying.open();
    const gone = await leaving.open();
    try {
      await server.fetch('/api/auth/logout', { method: 'POST', headers: leaving.user.headers });
      await endsWithin(gone, HEARTBEAT_MS * 3);
      await staysOpen(theirs, HEARTBEAT_MS * 3);
    } finally {
      theirs.close();
    }
  });
});

describeEachDatabase('the logout broadcast reaches every API process', (kind) => {
  // Heartbeats far apart, so only the broadcast can end the stream in time.
  const SLOW_HEARTBEAT_MS = 60_000;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ database: kind, heartbeatMs: SLOW_HEARTBEAT_MS });
    // A second app on the same database, with its own connections and LISTEN (PostgreSQL); on
    // PGlite, which one process owns, the same app stands in for both.
    second =
      kind === 'postgres'
        ? await startTestServer({
            database: first.target,
            seed: false,
            heartbeatMs: SLOW_HEARTBEAT_MS,
          })
        : first;
  });
  afterAll(async () => {
    if (second && second !== first) await second.close();
    await first?.close();
  });

  it('ends the stream at once, long before the next heartbeat', async () => {
    const customer = await customerFollowingDelivery(first);
    const stream = await customer.open();
    await waitFor(() => first.app.realtime.openStreams >= 1, { what: 'stream open' });
    const logout = await second.fetch('/api/auth/logout', {
      method: 'POST',
      headers: customer.user.headers,
    });
    expect(logout.status).toBe(200);
    expect(await endsWithin(stream, 5_000)).toBeLessThan(5_000);
  });
});
