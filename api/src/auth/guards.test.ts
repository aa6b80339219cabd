import { eq } from 'drizzle-orm';
import { loginResponseSchema, sensitiveWindowResponseSchema } from 'shared-contracts/auth';
import { apiErrorSchema } from 'shared-contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/users.ts';
import { requireSensitiveAuth, requireUser } from './guards.ts';
import { sessions } from './schema.ts';

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const errorBody = async (response: Response) => apiErrorSchema.parse(await response.json());

describeEachDatabase('requireUser, requireSensitiveAuth and the sensitive window', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
      // How another domain uses the guards.
      configure: (app) => {
        app.get('/api/test/mine', { preHandler: requireUser }, async (request) => ({
          user: request.user,
          sessionId: request.session.id,
        }));
        app.get('/api/test/wallet', { preHandler: requireSensitiveAuth }, async (request) => ({
          userId: request.user.id,
        }));
        app.register(async (scoped) => {
          scoped.addHook('preHandler', requireUser);
          scoped.get('/api/test/scoped', async (request) => ({ id: request.user.id }));
        });
      },
    });
  });
  afterAll(() => server?.close());

  const closeWindow = (userId: string) =>
    server.database.db
      .update(sessions)
      .set({ sensitiveUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, userId));

  it('requireUser sets request.user and request.session, or answers 401', async () => {
    const user = await createTestUser(server, { firstName: 'Grace', lastName: 'Hopper' });
    const response = await server.fetch('/api/test/mine', { headers: user.headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: unknown; sessionId: string };
    expect(body.user).toEqual({
      id: user.id,
      email: user.email,
      username: user.username,
      firstName: 'Grace',
      lastName: 'Hopper',
      emailVerified: true,
    });
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await server.fetch('/api/test/scoped', { headers: user.headers })).status).toBe(200);

    const anonymous = await server.fetch('/api/test/mine');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in to continue.' });
    expect((await server.fetch('/api/test/scoped')).status).toBe(401);
  });

  it('login opens the window: check-sensitive 200 and sensitive routes pass', async () => {
    const before = Date.now();
    const user = await createTestUser(server);
    const after = Date.now();
    const check = await server.fetch('/api/auth/check-sensitive', { headers: user.headers });
    expect(check.status).toBe(200);
    const { sensitiveUntil } = sensitiveWindowResponseSchema.parse(await check.json());
    // Default window: 10 minutes (SENSITIVE_AUTH_WINDOW_SECONDS=600) from the moment of the login,
    // which happened between `before` and `after` however slow the machine is.
    expect(Date.parse(sensitiveUntil)).toBeGreaterThanOrEqual(before + 600_000);
    expect(Date.parse(sensitiveUntil)).toBeLessThanOrEqual(after + 600_000);
    expect((await server.fetch('/api/test/wallet', { headers: user.headers })).status).toBe(200);
  });

  it('outside the window: 403 until verify-recent reopens it', async () => {
    const user = await createTestUser(server);
    await closeWindow(user.id);
    const closed = await server.fetch('/api/auth/check-sensitive', { headers: user.headers });
    expect(closed.status).toBe(403);
    expect(await closed.json()).toEqual({
      message: 'Please confirm your password to continue.',
    });
    expect((await server.fetch('/api/test/wallet', { headers: user.headers })).status).toBe(403);

    const wrong = await server.fetch(
      '/api/auth/verify-recent',
      json({ password: 'Wrong#Pass1' }, user.headers),
    );
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ message: 'The password is incorrect.' });
    // A typo does not end the session.
    expect((await server.fetch('/api/auth/me', { headers: user.headers })).status).toBe(200);

    const right = await server.fetch(
      '/api/auth/verify-recent',
      json({ password: TEST_PASSWORD }, user.headers),
    );
    expect(right.status).toBe(200);
    const body = sensitiveWindowResponseSchema.parse(await right.json());
    expect(body.message).toBe('Password confirmed. You can now access sensitive information.');
    expect(
      (await server.fetch('/api/auth/check-sensitive', { headers: user.headers })).status,
    ).toBe(200);
    expect((await server.fetch('/api/test/wallet', { headers: user.headers })).status).toBe(200);
  });

  it('the window belongs to one session, not to the user', async () => {
    const user = await createTestUser(server);
    const second = await server.fetch(
      '/api/auth/login',
      json({ identifier: user.username, password: TEST_PASSWORD }),
    );
    const { token } = loginResponseSchema.parse(await second.json());
    await server.database.db
      .update(sessions)
      .set({ sensitiveUntil: null })
      .where(eq(sessions.userId, user.id));
    await server.fetch('/api/auth/verify-recent', json({ password: TEST_PASSWORD }, user.headers));
    expect(
      (await server.fetch('/api/auth/check-sensitive', { headers: user.headers })).status,
    ).toBe(200);
    const other = await server.fetch('/api/auth/check-sensitive', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.status).toBe(403);
  });

  it('verify-recent needs a session and a valid body', async () => {
    const user = await createTestUser(server);
    const anonymous = await server.fetch('/api/auth/verify-recent', json({ password: 'x' }));
    expect(anonymous.status).toBe(401);
    const empty = await server.fetch(
      '/api/auth/verify-recent',
      json({ password: '' }, user.headers),
    );
    expect(empty.status).toBe(400);
    expect((await errorBody(empty)).message).toBe('Password is required');
    const wrongType = await server.fetch(
      '/api/auth/verify-recent',
      json({ password: 123456 }, user.headers),
    );
    expect(wrongType.status).toBe(400);
    const long = await server.fetch(
      '/api/auth/verify-recent',
      json({ password: 'x'.repeat(129) }, user.headers),
    );
    expect((await errorBody(long)).message).toBe('Password must be at most 128 characters');
    expect((await server.fetch('/api/auth/check-sensitive')).status).toBe(401);
  });
});

describe('SENSITIVE_AUTH_WINDOW_SECONDS', () => {
  // Long enough that "still open right after verify-recent" holds on a loaded machine, short
  // enough to wait out.
  const WINDOW_SECONDS = 3;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { SENSITIVE_AUTH_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    });
  });
  afterAll(() => server?.close());

  const checkSensitive = async (headers: Record<string, string>) =>
    (await server.fetch('/api/auth/check-sensitive', { headers })).status;

  it('sets how long the window stays open', async () => {
    const user = await createTestUser(server);
    const before = Date.now();
    const reopened = await server.fetch(
      '/api/auth/verify-recent',
      json({ password: TEST_PASSWORD }, user.headers),
    );
    const after = Date.now();
    const { sensitiveUntil } = sensitiveWindowResponseSchema.parse(await reopened.json());
    const until = Date.parse(sensitiveUntil);
    expect(until).toBeGreaterThanOrEqual(before + WINDOW_SECONDS * 1000);
    expect(until).toBeLessThanOrEqual(after + WINDOW_SECONDS * 1000);
    expect(await checkSensitive(user.headers)).toBe(200);
    // Closed once that moment has passed, whenever this line runs.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, until + 100 - Date.now())));
    expect(await checkSensitive(user.headers)).toBe(403);
  });
});
