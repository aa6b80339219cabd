import type { Mutation, MutationCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { SERVICE_WORKER_URL, WORKER_MESSAGES } from 'shared-contracts/offline';
import { isQueuedWriteKey, type QueuedWrite } from '../queued-writes';
import { currentToken } from '../token-source';

/**
 * Hands each paused queued write to the service worker as well, whose Background Sync can send
 * it when the signal is back even with every tab closed; takes it back once the page has sent
 * it, it was refused, or the person cancelled it. The Idempotency-Key makes both copies one write.
 */

type Post = (message: Record<string, unknown>) => void;

const postToWorker: Post = (message) => {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  void navigator.serviceWorker
    .getRegistration(SERVICE_WORKER_URL)
    .then((registration) => registration?.active?.postMessage(message))
    .catch(() => {});
};

const writeOf = (mutation: Mutation) => mutation.state.variables as QueuedWrite | undefined;

export function watchQueuedWrites(client: QueryClient, post: Post = postToWorker): () => void {
  const handedOver = new Set<string>();
  const take = (key: string) => {
    if (!handedOver.delete(key)) return;
    post({ type: WORKER_MESSAGES.dropWrite, idempotencyKey: key });
  };
  const update = (mutation: Mutation, removed: boolean) => {
    if (!isQueuedWriteKey(mutation.options.mutationKey)) return;
    const write = writeOf(mutation);
    if (!write) return;
    const key = write.idempotencyKey;
    if (removed || mutation.state.status !== 'pending') {
      take(key);
      return;
    }
    const token = currentToken();
    if (mutation.state.isPaused && token && !handedOver.has(key)) {
      handedOver.add(key);
      post({ type: WORKER_MESSAGES.queueWrite, ...write, token });
    }
  };
  for (const mutation of client.getMutationCache().getAll()) update(mutation, false);
  return client.getMutationCache().subscribe((event: MutationCacheNotifyEvent) => {
    if (event.type === 'removed') update(event.mutation, true);
    else if (event.type === 'updated' || event.type === 'added') update(event.mutation, false);
  });
}
