import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { retryDelay } from './cache-groups';
import { shouldRetryMutation } from './query-client-rules';

/**
 * A write the person may make without a connection: TanStack Query keeps it as a paused mutation
 * while the page is offline, the device cache keeps paused ones across a closed tab
 * (device-data.ts), and it is sent when the connection is back. Everything needed to send it is
 * in its variables, so a page opened later can send what an earlier one kept; its
 * Idempotency-Key makes every copy sent (a replay, a second tab, the service worker) one write.
 */
export interface QueuedWrite {
  method: 'POST';
  url: string;
  body: unknown;
  idempotencyKey: string;
}

/** The mutation key of queued writes: `queuedWriteKey('curbside', 'arrival')`. */
export const QUEUED_WRITE_SCOPE = 'queued-write';
export const queuedWriteKey = <const Scope extends string[]>(...scope: Scope) =>
  [QUEUED_WRITE_SCOPE, ...scope] as const;

export function isQueuedWriteKey(key: readonly unknown[] | undefined): boolean {
  return key?.[0] === QUEUED_WRITE_SCOPE;
}

/** Sends a queued write with the session's bearer token; answers the parsed JSON. */
export function sendQueuedWrite(write: QueuedWrite): Promise<unknown> {
  return apiRequest(write.method, write.url, write.body, {
    auth: true,
    headers: { 'Idempotency-Key': write.idempotencyKey },
  });
}

/**
 * The function behind every queued write, set once on the client: a paused mutation restored
 * from the device gets its options from these defaults, before any page has mounted its form.
 */
export function registerQueuedWrites(client: QueryClient): void {
  client.setMutationDefaults([QUEUED_WRITE_SCOPE], {
    mutationFn: (write: unknown) => sendQueuedWrite(write as QueuedWrite),
    networkMode: 'online',
    retry: shouldRetryMutation,
    retryDelay,
  });
}
