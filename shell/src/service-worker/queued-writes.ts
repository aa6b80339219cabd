import { WORKER_MESSAGES, WORKER_WRITE_QUEUE } from 'shared-contracts/offline';
import { Queue } from 'workbox-background-sync';

/**
 * Writes the page kept while offline, handed to the worker too so Background Sync can send them
 * when the signal is back even if every tab is closed. The page sends its own copy as well when
 * it is open (whichever is first); the Idempotency-Key makes the two one write on the server.
 */
export type WriteMessage =
  | {
      type: typeof WORKER_MESSAGES.queueWrite;
      url: string;
      body: unknown;
      idempotencyKey: string;
      token: string;
    }
  /** Without a key: every queued write (the session ended). */
  | { type: typeof WORKER_MESSAGES.dropWrite; idempotencyKey?: string };

/** A day, in minutes: a write older than that is not sent any more (the server forgets keys too). */
const MAX_RETENTION_MINUTES = 24 * 60;

let queue: Queue | undefined;
const writes = () => {
  queue ??= new Queue(WORKER_WRITE_QUEUE, { maxRetentionTime: MAX_RETENTION_MINUTES });
  return queue;
};

export function isWriteMessage(data: unknown): data is WriteMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  return type === WORKER_MESSAGES.queueWrite || type === WORKER_MESSAGES.dropWrite;
}

export async function handleWriteMessage(message: WriteMessage): Promise<void> {
  if (message.type === WORKER_MESSAGES.queueWrite) {
    await dropWrites(message.idempotencyKey);
    await writes().pushRequest({
      request: new Request(message.url, {
        method: 'POST',
        credentials: 'include',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${message.token}`,
          'Idempotency-Key': message.idempotencyKey,
        },
        body: JSON.stringify(message.body),
      }),
      metadata: { idempotencyKey: message.idempotencyKey },
    });
    return;
  }
  await dropWrites(message.idempotencyKey);
}

/** Removes the queued write with this key (every write without one). */
async function dropWrites(idempotencyKey?: string): Promise<void> {
  const kept = [];
  for (;;) {
    const entry = await writes().shiftRequest();
    if (!entry) break;
    const key = (entry.metadata as { idempotencyKey?: string } | undefined)?.idempotencyKey;
    if (idempotencyKey && key !== idempotencyKey) kept.push(entry);
  }
  for (const entry of kept) await writes().pushRequest(entry);
}
