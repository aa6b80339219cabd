import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../src/auth/schema.ts';
import { registerUser } from '../src/auth/service.ts';
import { createSession } from '../src/auth/sessions.ts';
import type { TestServer } from './harness.ts';

export const TEST_PASSWORD = 'Test#Pass2026';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  /** A live session's bearer token (login also opens the sensitive window). */
  token: string;
  /** `{ authorization: 'Bearer …' }` for `server.fetch(path, { headers })`. */
  headers: { authorization: string };
}

/**
 * A fresh user with a signed-in session, made through the auth services directly (no HTTP, so no
 * per-IP limit and no outbox round trip). For suites of other domains that need "a customer".
 * `verified: false` leaves the email unverified.
 */
export async function createTestUser(
  server: TestServer,
  options: { verified?: boolean; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const db = server.database.db;
  const suffix = randomUUID().slice(0, 8);
  const input = {
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? 'Customer',
    username: `user_${suffix}`,
    email: `user_${suffix}@example.test`,
    password: TEST_PASSWORD,
  };
  const now = new Date();
  const { userId } = await registerUser(db, input, { now, publicUrl: server.config.publicUrl });
  if (options.verified ?? true) {
    await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
  }
  const { token } = await createSession(db, userId, {
    now,
    sensitiveWindowMs: server.config.sensitiveAuthWindowSeconds * 1000,
  });
  return {
    id: userId,
    ...input,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}
