import {
  type Mutation,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { newIdempotencyKey, type QueuedWrite, queuedWriteKey } from 'shared-client';
import type { CurbsideArrival } from 'shared-contracts/curbside';

// No zod here: the page's first chunk reads the queue (queued-arrival.tsx); parsing answers is
// api.ts's, loaded with the form or when a kept arrival has its answer.

/**
 * "I'm here" is a queued write (shared-client): tapped without signal it is kept on the device,
 * paused, and sent when the signal is back, by this page, a page opened later or the service
 * worker, with one Idempotency-Key so that every copy is one arrival, one robot and one PIN.
 */
export const ARRIVAL_MUTATION_KEY = queuedWriteKey('curbside', 'arrival');

export function arrivalWrite(input: CurbsideArrival): QueuedWrite {
  return {
    method: 'POST',
    url: '/api/curbside-pickups',
    body: input,
    idempotencyKey: newIdempotencyKey(),
  };
}

// The arrivals this page itself sent: their outcome is the form's to show. Any other one was
// kept by an earlier page (restored from the device) and the page shows its outcome.
const startedHere = new Set<string>();
export const markStartedHere = (write: QueuedWrite) => startedHere.add(write.idempotencyKey);
/** True the first time an outcome is claimed for `write`, false after (or for this page's own). */
export const claimRestoredOutcome = (write: QueuedWrite) => {
  if (startedHere.has(write.idempotencyKey)) return false;
  startedHere.add(write.idempotencyKey);
  return true;
};

/** Sends an arrival (the function is the queued writes' default, so restored ones send too). */
export function useSendArrival() {
  return useMutation<unknown, Error, QueuedWrite>({ mutationKey: ARRIVAL_MUTATION_KEY });
}

/** An arrival waiting for the signal, or being sent. */
export interface PendingArrival {
  write: QueuedWrite;
  /** Kept on the device until there is a connection. */
  waiting: boolean;
}

const pendingOf = (mutation: Mutation<unknown, Error, unknown>): PendingArrival => ({
  write: mutation.state.variables as QueuedWrite,
  waiting: mutation.state.isPaused,
});

/** The arrivals not yet answered, from the whole page's cache (restored ones included). */
export function usePendingArrivals(): PendingArrival[] {
  return useMutationState({
    filters: { mutationKey: ARRIVAL_MUTATION_KEY, status: 'pending' },
    select: pendingOf,
  });
}

/** Cancels the arrivals still waiting for a signal: nothing of them is sent. */
export function useCancelWaitingArrivals() {
  const queryClient = useQueryClient();
  return () => {
    const cache = queryClient.getMutationCache();
    for (const mutation of cache.findAll({
      mutationKey: ARRIVAL_MUTATION_KEY,
      status: 'pending',
    })) {
      if (mutation.state.isPaused) cache.remove(mutation);
    }
  };
}
