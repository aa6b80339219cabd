import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apiErrorSchema } from 'shared-contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/users.ts';
import { authThrottle } from './schema.ts';
import { AUTH_RESULT_MESSAGES } from './service.ts';
import { accountSubject, tooManyAttemptsMessage } from './throttle.ts';

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const errorBody = async (response: Response) => apiErrorSchema.parse(await response.json());

describe('tooManyAttemptsMessage', () => {
  it('says when to retry, in whole minutes', () => {
    expect(tooManyAttemptsMessage(900)).toBe('Too many failed attempts. Try again in 15 minutes.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many failed attempts. Try again in 2 minutes.');
    expect(tooManyAttemptsMessage(60)).toBe('Too many failed attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(5)).toBe('Too many failed attempts. Try again in 1 minute.');
  });
});

describeEachDatabase('per-account throttling (database)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
    });
  });
  afterAll(() => server?.close());

  const login = (identifier: string, password: string) =>
    server.fetch('/api/auth/login', json({ identifier, password }));

  it('429s after 5 failures in 15 minutes, with Retry-After, even for the right password', async () => {
    const user = await createTestUser(server);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // Username and email share one counter: it is the account that is protected.
      const identifier = attempt % 2 ? user.username : user.email;
      expect((await login(identifier, 'Wrong#Pass1')).status).toBe(401);
    }
    const locked = await login(user.username, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await locked.json()).toEqual({
      message: 'Too many failed attempts. Try again in 15 minutes.',
    });

    // The lock holds for the password re-check of a signed-in session too.
    const recheck = await server.fetch(
      '/api/auth/verify-recent',
      json({ password: TEST_PASSWORD }, user.headers),
    );
    expect(recheck.status).toBe(429);

    // Once the window has passed, the right password works again.
    await server.database.db
      .update(authThrottle)
      .set({ windowStartedAt: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where(eq(authThrottle.subject, accountSubject(user.id)));
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('a successful sign-in forgives earlier failures', async () => {
    const user = await createTestUser(server);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login(user.username, 'Wrong#Pass1')).status).toBe(401);
    }
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(user.username, 'Wrong#Pass1')).status).toBe(401);
    }
    expect((await login(user.username, 'Wrong#Pass1')).status).toBe(429);
  });

  it('throttles names that match no account the same way (no enumeration)', async () => {
    const ghost = `ghost_${randomUUID().slice(0, 8)}`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await login(ghost, 'Wrong#Pass1');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        message: AUTH_RESULT_MESSAGES.invalidCredentials,
      });
    }
    const locked = await login(ghost.toUpperCase(), 'Wrong#Pass1');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).not.toBeNull();
    // The name people typed is not stored in clear.
    const rows = await server.database.db.select().from(authThrottle);
    expect(rows.some((row) => row.subject.includes(ghost.toLowerCase()))).toBe(false);
  });

  it('a parallel burst gets at most 5 password checks', async () => {
    const user = await createTestUser(server);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => login(user.username, 'Wrong#Pass1')),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('the count is shared by two API processes on one database', async () => {
    if (kind === 'pglite') return; // one PGlite folder cannot be opened by two processes
    const second = await startTestServer({
      database: server.target,
      seed: false,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
    });
    try {
      const user = await createTestUser(server);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const target = attempt % 2 ? second : server;
        const response = await target.fetch(
          '/api/auth/login',
          json({ identifier: user.username, password: 'Wrong#Pass1' }),
        );
        expect(response.status).toBe(401);
      }
      const locked = await second.fetch(
        '/api/auth/login',
        json({ identifier: user.username, password: TEST_PASSWORD }),
      );
      expect(locked.status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describeEachDatabase('per-IP rate limit', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind, env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => server?.close());

  it('429s the fourth request in a minute from one address, per endpoint', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await server.fetch(
        '/api/auth/login',
        json({ identifier: `someone_${attempt}`, password: 'Wrong#Pass1' }),
      );
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await errorBody(response)).message).toMatch(
          /^Too many requests from your network\. Try again in \d+ seconds?\.$/,
        );
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);

    // Even a malformed body counts: the limit runs before validation.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await server.fetch('/api/auth/verify-email', json({}))).status).toBe(400);
    }
    expect((await server.fetch('/api/auth/verify-email', json({}))).status).toBe(429);

    // Reading the current user is not a guess at a secret and is not limited.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await server.fetch('/api/auth/me')).status).toBe(401);
    }
  });
});
