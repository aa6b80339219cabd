import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type QueuedWrite, useOnline } from 'shared-client';
import type { CurbsideArrival } from 'shared-contracts/curbside';
import { Button, Notice, offlineText, Stack } from 'shared-ui';
import {
  ARRIVAL_MUTATION_KEY,
  claimRestoredOutcome,
  useCancelWaitingArrivals,
  usePendingArrivals,
} from './arrival-queue';

const arrivalOutcome = () => import('./arrival-outcome');

/**
 * An arrival kept by an earlier page (tapped offline, then the tab or browser was closed) is sent
 * when this page has a connection (shared-client resumes it). Its outcome is shown here, as the
 * form shows its own: the same toasts, and tracking once the store has it.
 */
export function useRestoredArrivalOutcomes(onSent: (pickupId: string) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const cache = queryClient.getMutationCache();
    const settle = () => {
      for (const mutation of cache.findAll({ mutationKey: ARRIVAL_MUTATION_KEY })) {
        const { status, variables, data, error } = mutation.state;
        if (status !== 'success' && status !== 'error') continue;
        if (!claimRestoredOutcome(variables as QueuedWrite)) continue;
        void arrivalOutcome().then(({ showArrivalOutcome }) => {
          const id = showArrivalOutcome(
            queryClient,
            status === 'success' ? { status, data } : { status, error },
          );
          if (id) onSent(id);
        });
      }
    };
    settle();
    return cache.subscribe(settle);
  }, [queryClient, onSent]);
}

/**
 * Above the info and arrival views: offline, that an arrival can still be sent; with an arrival
 * waiting for the signal, what it is and a way to cancel it. A polite live region throughout.
 */
export function ArrivalQueueNotice() {
  const online = useOnline();
  const waiting = usePendingArrivals().find((arrival) => arrival.waiting);
  const cancelWaiting = useCancelWaitingArrivals();
  const [cancelled, setCancelled] = useState(false);
  const arrival = waiting?.write.body as CurbsideArrival | undefined;

  useEffect(() => {
    if (waiting) setCancelled(false);
  }, [waiting]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {arrival ? (
        <Notice tone="info" title="Your arrival is saved on this phone">
          <Stack $gap={10}>
            <span>
              It will be sent to the store when the signal is back: order {arrival.orderNumber},
              parking spot {arrival.parkingSpotNumber}.
            </span>
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  cancelWaiting();
                  setCancelled(true);
                }}
              >
                Cancel arrival
              </Button>
            </div>
          </Stack>
        </Notice>
      ) : cancelled ? (
        <Notice tone="info">Your arrival was cancelled. Nothing was sent to the store.</Notice>
      ) : !online ? (
        <Notice tone="warning" title={offlineText()}>
          You can still tap Notify Store: your arrival is saved on this phone and sent when the
          signal is back.
        </Notice>
      ) : null}
    </div>
  );
}
