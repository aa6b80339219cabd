import type { TestServer } from './harness.ts';
import type { TestUser } from './users.ts';

/**
 * POSTs JSON as `user` (or signed out with null): the one helper of every API suite. Without a
 * body it sends none (and no Content-Type), as a browser's bodiless POST does.
 */
export function postJson(
  server: TestServer,
  user: TestUser | null | undefined,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<Response> {
  return server.fetch(path, {
    method: 'POST',
    headers: {
      ...(user ? user.headers : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
