import type { Mutation, MutationCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { WORKER_MESSAGES } from 'shared-contracts/offline';
import { isQueuedWriteKey, type QueuedWrite } from '../queued-writes';
import { currentToken } from '../token-source';

/**
 * When the page is hidden or closed with a write still waiting for the signal, hands the write to
 * the service worker, whose Background Sync sends it when the signal is back even with no tab
 * open (a locked phone in a parking lot). While the page is on screen it sends its writes itself.
 * A write is taken back from the worker once a page has sent it, it was refused, or the person
 * cancelled it; its Idempotency-Key makes both copies one write on the server.
 */

type Post = (message: Record<string, unknown>) => void;

/** Synchronous, so that it still goes out from a page being closed. */
const postToWorker: Post = (message) => {
  navigator.serviceWorker?.controller?.postMessage(message);
};

interface PageEvents {
  onHidden: (run: () => void) => () => void;
}

const browserPage: PageEvents = {
  onHidden: (run) => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') run();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', run);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', run);
    };
  },
};

const writeOf = (mutation: Mutation) => mutation.state.variables as QueuedWrite | undefined;

export function watchQueuedWrites(
  client: QueryClient,
  post: Post = postToWorker,
  page: PageEvents = browserPage,
): () => void {
  const cache = client.getMutationCache();
  const handedOver = new Set<string>();

  const handOver = () => {
    const token = currentToken();
    if (!token) return;
    for (const mutation of cache.findAll({ status: 'pending' })) {
      const write = writeOf(mutation);
      if (!write || !mutation.state.isPaused || !isQueuedWriteKey(mutation.options.mutationKey))
        continue;
      if (handedOver.has(write.idempotencyKey)) continue;
      handedOver.add(write.idempotencyKey);
      post({ type: WORKER_MESSAGES.queueWrite, ...write, token });
    }
  };

  const takeBack = (event: MutationCacheNotifyEvent) => {
    if (event.type !== 'removed' && event.type !== 'updated') return;
    const { mutation } = event;
    if (!isQueuedWriteKey(mutation.options.mutationKey)) return;
    const key = writeOf(mutation)?.idempotencyKey;
    if (!key) return;
    // Also one an earlier page handed over: the worker drops the key if it still has it.
    if (
      event.type === 'removed' ||
      mutation.state.status === 'success' ||
      mutation.state.status === 'error'
    ) {
      handedOver.delete(key);
      post({ type: WORKER_MESSAGES.dropWrite, idempotencyKey: key });
    }
  };

  const stopHidden = page.onHidden(handOver);
  const stopCache = cache.subscribe(takeBack);
  return () => {
    stopHidden();
    stopCache();
  };
}
