import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  loginResponseSchema,
  meResponseSchema,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from 'shared-contracts/auth';
import { apiErrorSchema } from 'shared-contracts/errors';
import { outboxListSchema } from 'shared-contracts/notifications';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/users.ts';
import { DEMO_CUSTOMER } from '../seed/demo-customer.ts';
import { argon2, DUMMY_PASSWORD_HASH } from './passwords.ts';
import { emailVerificationTokens, sessions, users } from './schema.ts';
import { AUTH_RESULT_MESSAGES } from './service.ts';

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const errorBody = async (response: Response) => apiErrorSchema.parse(await response.json());
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function newAccount() {
  const suffix = randomUUID().slice(0, 8);
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: `Ada_${suffix}`,
    email: `Ada.${suffix}@Example.test`,
    password: 'Str0ng!Passw0rd',
  };
}

describeEachDatabase('auth routes', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Many requests from one address; the per-IP limit has its own suite (throttle.test.ts).
    server = await startTestServer({
      database: kind,
      // An https PUBLIC_URL (links are https) that is still this machine: the dev outbox is on.
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', PUBLIC_URL: 'https://curbrun.localhost' },
    });
  });
  afterAll(() => server?.close());

  const post = (path: string, body: unknown, headers?: Record<string, string>) =>
    server.fetch(path, json(body, headers));

  async function verificationLinks(email: string): Promise<string[]> {
    const response = await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const messages = outboxListSchema.parse(await response.json());
    return messages.flatMap((message) => message.text.match(/https:\/\/\S+/g) ?? []);
  }

  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

  async function loginAs(identifier: string, password: string) {
    const response = await post('/api/auth/login', { identifier, password });
    expect(response.status).toBe(200);
    return loginResponseSchema.parse(await response.json());
  }

  describe('POST /api/auth/register', () => {
    it('creates an unverified account and emails a single link to /verify-email', async () => {
      const account = newAccount();
      const response = await post('/api/auth/register', account);
      expect(response.status).toBe(201);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ message: AUTH_RESULT_MESSAGES.registered });

      const [row] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.email, account.email.toLowerCase()));
      expect(row).toMatchObject({
        username: account.username,
        firstName: 'Ada',
        lastName: 'Lovelace',
        emailVerifiedAt: null,
      });
      // Hashed with argon2id, OWASP parameters; never the password itself.
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      const links = await verificationLinks(account.email);
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(/^https:\/\/curbrun\.localhost\/verify-email\?token=[\w-]{43}$/);
      // Only the hash of the token is stored.
      const stored = await server.database.db
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.userId, row?.id ?? ''));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.tokenHash).not.toContain(tokenOf(links[0] ?? ''));
      const ttl = (stored[0]?.expiresAt.getTime() ?? 0) - (stored[0]?.createdAt.getTime() ?? 0);
      expect(ttl).toBe(24 * 60 * 60 * 1000);
    });

    it('answers 409 for a taken username or email, whatever their case', async () => {
      const account = newAccount();
      expect((await post('/api/auth/register', account)).status).toBe(201);

      const sameName = await post('/api/auth/register', {
        ...newAccount(),
        username: account.username.toUpperCase(),
      });
      expect(sameName.status).toBe(409);
      expect(await sameName.json()).toEqual({
        message: AUTH_RESULT_MESSAGES.usernameTaken,
        issues: [{ path: 'username', message: AUTH_RESULT_MESSAGES.usernameTaken }],
      });

      const sameEmail = await post('/api/auth/register', {
        ...newAccount(),
        email: `  ${account.email.toUpperCase()} `,
      });
      expect(sameEmail.status).toBe(409);
      expect(await sameEmail.json()).toMatchObject({
        message: AUTH_RESULT_MESSAGES.emailTaken,
        issues: [{ path: 'email' }],
      });
      // The demo customer's names are taken too.
      const demo = await post('/api/auth/register', {
        ...newAccount(),
        username: DEMO_CUSTOMER.username,
        email: DEMO_CUSTOMER.email,
      });
      expect(demo.status).toBe(409);
      expect((await errorBody(demo)).issues).toHaveLength(2);
    });

    it('two registrations racing for one username: exactly one wins', async () => {
      const account = newAccount();
      const responses = await Promise.all([
        post('/api/auth/register', account),
        post('/api/auth/register', { ...newAccount(), username: account.username }),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    });

    it.each([
      [{ firstName: '  ' }, AUTH_MESSAGES.firstNameRequired],
      [{ lastName: '' }, AUTH_MESSAGES.lastNameRequired],
      [{ username: 'ab' }, AUTH_MESSAGES.usernameMin],
      [{ username: 'a'.repeat(USERNAME_MAX_LENGTH + 1) }, AUTH_MESSAGES.usernameMax],
      [{ username: 'ada@home' }, AUTH_MESSAGES.usernameCharacters],
      [{ email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid],
      [{ email: `${'a'.repeat(250)}@x.io` }, AUTH_MESSAGES.emailMax],
      [{ password: 'Sh0rt!' }, AUTH_MESSAGES.passwordMin],
      [{ password: 'NOLOWER1!' }, AUTH_MESSAGES.passwordLowercase],
      [{ password: 'noupper1!' }, AUTH_MESSAGES.passwordUppercase],
      [{ password: 'NoNumber!' }, AUTH_MESSAGES.passwordNumber],
      [{ password: 'NoSpecial1' }, AUTH_MESSAGES.passwordSpecial],
      [{ password: `Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH)}` }, AUTH_MESSAGES.passwordMax],
      [{ firstName: 'x'.repeat(61) }, AUTH_MESSAGES.firstNameMax],
      [{ firstName: 42 }, 'firstName: Invalid input: expected string, received number'],
      [{ email: undefined }, 'email is required'],
    ])('rejects %j with "%s" and creates nothing', async (change, message) => {
      const account = { ...newAccount(), ...change };
      const response = await post('/api/auth/register', account);
      expect(response.status).toBe(400);
      const body = await errorBody(response);
      expect(body.message).toBe(message);
      expect(body.issues?.length).toBeGreaterThan(0);
      const rows = await server.database.db
        .select()
        .from(users)
        .where(eq(users.username, String(account.username)));
      expect(rows).toHaveLength(0);
    });

    it('rejects a body that is not a JSON object', async () => {
      const notJson = await server.fetch('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"firstName":',
      });
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toEqual({ message: 'The request body is not valid JSON' });

      const array = await post('/api/auth/register', [newAccount()]);
      expect(array.status).toBe(400);

      const text = await server.fetch('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'hello',
      });
      expect(text.status).toBe(415);

      const huge = await post('/api/auth/register', {
        ...newAccount(),
        lastName: 'x'.repeat(2 * 1024 * 1024),
      });
      expect(huge.status).toBe(413);
      expect(await huge.json()).toEqual({ message: 'The request body is too large' });
    });
  });

  describe('POST /api/auth/verify-email', () => {
    it('verifies once; a replayed link is refused', async () => {
      const account = newAccount();
      await post('/api/auth/register', account);
      const [link] = await verificationLinks(account.email);
      const token = tokenOf(link ?? '');

      const first = await post('/api/auth/verify-email', { token });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ message: AUTH_RESULT_MESSAGES.emailVerified });
      const { token: session } = await loginAs(account.username, account.password);
      const me = meResponseSchema.parse(
        await (await server.fetch('/api/auth/me', { headers: bearer(session) })).json(),
      );
      expect(me.user.emailVerified).toBe(true);

      const replay = await post('/api/auth/verify-email', { token });
      expect(replay.status).toBe(400);
      expect(await replay.json()).toEqual({ message: AUTH_RESULT_MESSAGES.tokenUsed });
    });

    it('refuses unknown, expired, missing and oversized tokens', async () => {
      const unknown = await post('/api/auth/verify-email', { token: 'x'.repeat(43) });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual({ message: AUTH_RESULT_MESSAGES.tokenInvalid });

      const account = newAccount();
      await post('/api/auth/register', account);
      const [link] = await verificationLinks(account.email);
      const [user] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.email, account.email.toLowerCase()));
      await server.database.db
        .update(emailVerificationTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailVerificationTokens.userId, user?.id ?? ''));
      const expired = await post('/api/auth/verify-email', { token: tokenOf(link ?? '') });
      expect(expired.status).toBe(400);
      expect(await expired.json()).toEqual({ message: AUTH_RESULT_MESSAGES.tokenExpired });
      const [still] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.id, user?.id ?? ''));
      expect(still?.emailVerifiedAt).toBeNull();

      const missing = await post('/api/auth/verify-email', {});
      expect(missing.status).toBe(400);
      expect((await errorBody(missing)).message).toBe('token is required');
      const empty = await post('/api/auth/verify-email', { token: ' ' });
      expect((await errorBody(empty)).message).toBe(AUTH_MESSAGES.tokenRequired);
      const long = await post('/api/auth/verify-email', { token: 'x'.repeat(129) });
      expect(long.status).toBe(400);
      expect((await errorBody(long)).message).toBe(AUTH_MESSAGES.tokenMax);
      const wrongType = await post('/api/auth/verify-email', { token: 12345 });
      expect(wrongType.status).toBe(400);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the username or the email, in any case, before verification', async () => {
      const account = newAccount();
      await post('/api/auth/register', account);
      const byName = await loginAs(` ${account.username.toLowerCase()} `, account.password);
      expect(byName.token).toMatch(/^[\w-]{43}$/);
      const byEmail = await loginAs(account.email.toUpperCase(), account.password);
      expect(byEmail.user.id).toBe(byName.user.id);
      expect(byEmail.token).not.toBe(byName.token);

      const me = await server.fetch('/api/auth/me', { headers: bearer(byEmail.token) });
      expect(me.status).toBe(200);
      expect(me.headers.get('cache-control')).toBe('no-store');
      expect(meResponseSchema.parse(await me.json()).user).toEqual({
        id: byName.user.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: account.username,
        email: account.email.toLowerCase(),
        emailVerified: false,
        defaultAddressLine: null,
      });

      // Only a hash of the token is stored.
      const rows = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, byName.user.id));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
        expect([byName.token, byEmail.token]).not.toContain(row.tokenHash);
        const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
        expect(days).toBe(30);
      }
    });

    it('signs in the seeded demo customer', async () => {
      const { user } = await loginAs(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('gives unknown accounts and wrong passwords the same 401', async () => {
      const { username } = await createTestUser(server);
      const wrong = await post('/api/auth/login', {
        identifier: username,
        password: 'Wrong#Pass1',
      });
      const unknown = await post('/api/auth/login', {
        identifier: 'nobody_here',
        password: 'Wrong#Pass1',
      });
      const unknownEmail = await post('/api/auth/login', {
        identifier: 'nobody@example.test',
        password: 'Wrong#Pass1',
      });
      for (const response of [wrong, unknown, unknownEmail]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          message: AUTH_RESULT_MESSAGES.invalidCredentials,
        });
      }
    });

    it('spends exactly one argon2 check on unknown accounts and on wrong passwords', async () => {
      const user = await createTestUser(server);
      const [row] = await server.database.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, user.id));
      const verify = vi.spyOn(argon2, 'verify');
      try {
        const checkedHashes = async (identifier: string) => {
          verify.mockClear();
          const response = await post('/api/auth/login', { identifier, password: 'Wrong#Pass1' });
          expect(response.status).toBe(401);
          return verify.mock.calls.map(([hash]) => hash);
        };
        expect(await checkedHashes(user.username)).toEqual([row?.passwordHash]);
        expect(await checkedHashes(user.email)).toEqual([row?.passwordHash]);
        expect(await checkedHashes(`ghost_${randomUUID().slice(0, 8)}`)).toEqual([
          DUMMY_PASSWORD_HASH,
        ]);
        expect(await checkedHashes(`ghost.${randomUUID().slice(0, 8)}@example.test`)).toEqual([
          DUMMY_PASSWORD_HASH,
        ]);
      } finally {
        verify.mockRestore();
      }
    });

    it('answers unknown accounts about as slowly as wrong passwords', async () => {
      // The call count above is the guarantee; this checks nothing else on the path (a lookup, the
      // throttle row) makes the two differ by much. Four wrong passwords per account stay under
      // the five-failure limit.
      const accounts = [await createTestUser(server), await createTestUser(server)];
      const time = async (identifier: string) => {
        const started = performance.now();
        const response = await post('/api/auth/login', { identifier, password: 'Wrong#Pass1' });
        expect(response.status).toBe(401);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      // Interleaved, so a busy moment of the machine slows both kinds alike.
      for (let i = 0; i < 4; i += 1) {
        for (const account of accounts) {
          known.push(await time(account.username));
          unknown.push(await time(`ghost_${i}_${randomUUID().slice(0, 8)}`));
        }
      }
      // Medians of eight ignore the odd slow request. Skipping argon2 for unknown accounts makes
      // them several times faster; load swings stay well inside a factor of three.
      const ratio = median(unknown) / median(known);
      expect(ratio).toBeGreaterThan(1 / 3);
      expect(ratio).toBeLessThan(3);
    });

    it.each([
      [{ identifier: '' }, AUTH_MESSAGES.identifierRequired],
      [{ identifier: '   ' }, AUTH_MESSAGES.identifierRequired],
      [{ password: '12345' }, AUTH_MESSAGES.loginPasswordMin],
      [{ password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) }, AUTH_MESSAGES.passwordMax],
      [{ identifier: 'x'.repeat(255) }, AUTH_MESSAGES.identifierMax],
      [{ identifier: ['demo'] }, 'identifier: Invalid input: expected string, received array'],
      [{ password: undefined }, 'password is required'],
    ])('rejects %j with "%s"', async (change, message) => {
      const response = await post('/api/auth/login', {
        identifier: 'demo',
        password: 'whatever1',
        ...change,
      });
      expect(response.status).toBe(400);
      expect((await errorBody(response)).message).toBe(message);
    });
  });

  describe('GET /api/auth/me and POST /api/auth/logout', () => {
    it('401s without a usable token', async () => {
      const none = await server.fetch('/api/auth/me');
      expect(none.status).toBe(401);
      expect(await none.json()).toEqual({ message: 'Please sign in to continue.' });
      for (const authorization of [
        'Bearer not-a-real-token',
        'Basic ZGVtbzpkZW1v',
        'Bearer',
        `Bearer ${'a'.repeat(600)}`,
      ]) {
        const response = await server.fetch('/api/auth/me', { headers: { authorization } });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          message: 'Your session has ended. Please sign in again.',
        });
      }
    });

    it('an expired session no longer works', async () => {
      const user = await createTestUser(server);
      await server.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      expect((await server.fetch('/api/auth/me', { headers: user.headers })).status).toBe(401);
    });

    it('logout revokes that session for real and leaves the others', async () => {
      const user = await createTestUser(server);
      const other = await loginAs(user.username, TEST_PASSWORD);

      const response = await server.fetch('/api/auth/logout', {
        method: 'POST',
        headers: user.headers,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: 'You have been logged out.' });

      // The token is dead: /me, a second logout and sensitive calls all refuse it.
      expect((await server.fetch('/api/auth/me', { headers: user.headers })).status).toBe(401);
      const again = await server.fetch('/api/auth/logout', {
        method: 'POST',
        headers: user.headers,
      });
      expect(again.status).toBe(401);
      expect(
        (await server.fetch('/api/auth/check-sensitive', { headers: user.headers })).status,
      ).toBe(401);
      const [row] = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      expect(row).toBeDefined();

      // Signing out on one device does not sign out the others.
      expect((await server.fetch('/api/auth/me', { headers: bearer(other.token) })).status).toBe(
        200,
      );
    });

    it('logout without a session is a 401', async () => {
      const response = await server.fetch('/api/auth/logout', { method: 'POST' });
      expect(response.status).toBe(401);
    });
  });

  describe('POST /api/auth/resend-verification', () => {
    it('sends a new working link, at most once a minute, and 409s once verified', async () => {
      const account = newAccount();
      await post('/api/auth/register', account);
      const { token, user } = await loginAs(account.username, account.password);

      // The registration email was just sent: the first resend waits for the cooldown.
      const tooSoon = await server.fetch('/api/auth/resend-verification', {
        method: 'POST',
        headers: bearer(token),
      });
      expect(tooSoon.status).toBe(429);
      expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await errorBody(tooSoon)).message).toMatch(
        /^We sent a verification email less than a minute ago\. Try again in \d+ seconds?\.$/,
      );

      await server.database.db
        .update(emailVerificationTokens)
        .set({ createdAt: new Date(Date.now() - 61_000) })
        .where(eq(emailVerificationTokens.userId, user.id));
      const resent = await server.fetch('/api/auth/resend-verification', {
        method: 'POST',
        headers: bearer(token),
      });
      expect(resent.status).toBe(200);
      expect(await resent.json()).toEqual({ message: AUTH_RESULT_MESSAGES.verificationSent });
      const links = await verificationLinks(account.email);
      expect(links).toHaveLength(2);

      // The newest link works.
      expect(
        (await post('/api/auth/verify-email', { token: tokenOf(links[0] ?? '') })).status,
      ).toBe(200);
      const verified = await server.fetch('/api/auth/resend-verification', {
        method: 'POST',
        headers: bearer(token),
      });
      expect(verified.status).toBe(409);
      expect(await verified.json()).toEqual({ message: AUTH_RESULT_MESSAGES.alreadyVerified });
    });

    it('needs a session', async () => {
      const response = await server.fetch('/api/auth/resend-verification', { method: 'POST' });
      expect(response.status).toBe(401);
    });
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
