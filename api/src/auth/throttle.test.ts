import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
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

  it('429s an address after 5 failures in 15 minutes, with Retry-After, even for the right password', async () => {
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

    // The throttle of this address holds for the password re-check of a signed-in session too.
    const recheck = await server.fetch(
      '/api/auth/verify-recent',
      json({ password: TEST_PASSWORD }, user.headers),
    );
    expect(recheck.status).toBe(429);

    // Once the window has passed, the right password works again.
    await server.database.db
      .update(authThrottle)
      .set({ windowStartedAt: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where(like(authThrottle.subject, `${accountSubject(user.id)}%`));
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

describeEachDatabase(
  'a stranger cannot lock an owner out (throttle per account and address)',
  (kind) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({
        database: kind,
        // Behind a proxy: each test request says which client address it comes from.
        env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', TRUST_PROXY: 'true' },
      });
    });
    afterAll(() => server?.close());

    const loginFrom = (address: string, identifier: string, password: string) =>
      server.fetch(
        '/api/auth/login',
        json({ identifier, password }, { 'x-forwarded-for': address }),
      );
    const STRANGER = '203.0.113.66';
    const OWNER = '198.51.100.7';

    it('many wrong passwords from one address leave the owner signing in from another at once', async () => {
      const user = await createTestUser(server);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        statuses.push((await loginFrom(STRANGER, user.email, 'Wrong#Pass1')).status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(new Set(statuses.slice(5))).toEqual(new Set([429]));

      const owner = await loginFrom(OWNER, user.username, TEST_PASSWORD);
      expect(owner.status).toBe(200);
      expect(await owner.json()).toMatchObject({
        token: expect.any(String),
        user: { id: user.id },
      });

      // The stranger stays throttled, even with the right password, and is told when to retry.
      const stranger = await loginFrom(STRANGER, user.username, TEST_PASSWORD);
      expect(stranger.status).toBe(429);
      expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await stranger.json()).toEqual({
        message: expect.stringMatching(/^Too many failed attempts\. Try again in \d+ minutes?\.$/),
      });

      // The owner's success forgave nothing of the stranger's failures, and the reverse holds too:
      // the owner's next typo from B still gets the ordinary answer.
      const typo = await loginFrom(OWNER, user.username, 'Wrong#Pass1');
      expect(typo.status).toBe(401);
      expect(await typo.json()).toEqual({ message: AUTH_RESULT_MESSAGES.invalidCredentials });
    });

    it('the password re-check of a signed-in owner is not locked by a stranger either', async () => {
      const user = await createTestUser(server);
      for (let attempt = 0; attempt < 8; attempt += 1) {
        await loginFrom(STRANGER, user.username, 'Wrong#Pass1');
      }
      const recheck = await server.fetch(
        '/api/auth/verify-recent',
        json({ password: TEST_PASSWORD }, { ...user.headers, 'x-forwarded-for': OWNER }),
      );
      expect(recheck.status).toBe(200);
    });

    it('spreading guesses over many addresses slows each new address down to one guess', async () => {
      const user = await createTestUser(server);
      // Four addresses use their five guesses each: the account is now visibly under attack.
      for (let source = 1; source <= 4; source += 1) {
        for (let attempt = 0; attempt < 5; attempt += 1) {
          expect((await loginFrom(`192.0.2.${source}`, user.username, 'Wrong#Pass1')).status).toBe(
            401,
          );
        }
      }
      // A fifth address gets one guess, then waits.
      expect((await loginFrom('192.0.2.50', user.username, 'Wrong#Pass1')).status).toBe(401);
      expect((await loginFrom('192.0.2.50', user.username, 'Wrong#Pass1')).status).toBe(429);
      // An address with no failures still gets its password checked: the owner signs in.
      expect((await loginFrom(OWNER, user.email, TEST_PASSWORD)).status).toBe(200);
    });
  },
);
