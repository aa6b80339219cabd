import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { accountProfileSchema } from 'shared-contracts/users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser } from '../../test/users.ts';
import { users } from '../auth/schema.ts';

const NUL_MESSAGE = 'First name must not contain control characters such as line breaks';

describeEachDatabase('control characters in text fields', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  const sendJson = (method: string, path: string, body: unknown, headers = {}) =>
    server.fetch(path, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses a NUL in the first name at registration with 400, creating no account', async () => {
    const suffix = randomUUID().slice(0, 8);
    const email = `nul_${suffix}@example.test`;
    const response = await sendJson('POST', '/api/auth/register', {
      firstName: 'a\u0000b',
      lastName: 'Rivera',
      username: `nul_${suffix}`,
      email,
      password: 'Valid@Pass2026',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(NUL_MESSAGE);
    const rows = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toEqual([]);
  });

  it('refuses a NUL or a line break in the profile with 400 and keeps the profile', async () => {
    const user = await createTestUser(server, { firstName: 'Dana', lastName: 'Rivera' });
    for (const firstName of ['a\u0000b', 'a\nb']) {
      const response = await sendJson(
        'PATCH',
        '/api/users/me',
        { firstName, lastName: 'Okafor', username: user.username },
        user.headers,
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(NUL_MESSAGE);
    }
    const me = await server.fetch('/api/users/me', { headers: user.headers });
    expect(accountProfileSchema.parse(await me.json())).toMatchObject({
      firstName: 'Dana',
      lastName: 'Rivera',
    });
  });
});
