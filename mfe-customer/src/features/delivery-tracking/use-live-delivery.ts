import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useEventStream, useOnline } from 'shared-client';
import {
  DELIVERY_EVENT_TYPE,
  DELIVERY_POSITION_EVENT_TYPE,
  type Delivery,
  deliveryPositionEventSchema,
  deliverySchema,
  isFinalDeliveryStatus,
} from 'shared-contracts/deliveries';
import { deliveryEventsUrl, trackedDeliveryQueryOptions } from './api';

/** While the live stream is down, the page asks again every 5 s (as the curbside tracker does). */
export const POLL_INTERVAL_MS = 5_000;

export type LiveMode = 'connecting' | 'live' | 'polling' | 'offline' | 'finished';

/**
 * The delivery of `/delivery-tracking/:id`, kept current: server-sent events over `fetch` (bearer
 * header) with shared-client's `useEventStream`, resumed with `Last-Event-ID` (first the answer's
 * `lastEventId`, then the last event seen); while the stream is not connected, polling every 5 s.
 * Nothing runs once it has ended. Without a connection both wait, and the stream resumes when it
 * is back.
 */
export function useLiveDelivery(trackedId: string) {
  const queryClient = useQueryClient();
  const online = useOnline();
  // Read by the polling interval, which the stream's state switches off.
  const connected = useRef(false);
  const query = useQuery({
    ...trackedDeliveryQueryOptions(trackedId),
    refetchInterval: (current) => {
      const status = current.state.data?.status;
      if (connected.current || (status && isFinalDeliveryStatus(status))) return false;
      return POLL_INTERVAL_MS;
    },
  });
  const deliveryId = query.data?.id;
  const finished = query.data ? isFinalDeliveryStatus(query.data.status) : false;
  const finishedRef = useRef(finished);
  finishedRef.current = finished;

  const stream = useEventStream(
    deliveryId && !finished ? deliveryEventsUrl(deliveryId) : undefined,
    {
      // The stream resumes after the newest thing this page has shown.
      lastEventId: query.data?.lastEventId ? String(query.data.lastEventId) : undefined,
      onEvent: (event) => {
        const key = trackedDeliveryQueryOptions(trackedId).queryKey;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        if (event.event === DELIVERY_EVENT_TYPE) {
          const parsed = deliverySchema.safeParse(data);
          if (parsed.success)
            queryClient.setQueryData(key, {
              ...parsed.data,
              lastEventId: Number(event.id) || null,
            });
        } else if (event.event === DELIVERY_POSITION_EVENT_TYPE) {
          const parsed = deliveryPositionEventSchema.safeParse(data);
          if (!parsed.success) return;
          queryClient.setQueryData<Delivery>(key, (current) =>
            current &&
            current.id === parsed.data.deliveryId &&
            current.status === parsed.data.status
              ? { ...current, position: parsed.data.position, etaAt: parsed.data.etaAt }
              : current,
          );
        }
      },
      shouldReconnect: () => !finishedRef.current,
    },
  );
  connected.current = stream === 'live';

  // Until the first connection fails the page says it is connecting; after, that it polls.
  const mode: LiveMode = finished
    ? 'finished'
    : !online
      ? 'offline'
      : stream === 'live'
        ? 'live'
        : stream === 'reconnecting' || stream === 'stopped'
          ? 'polling'
          : 'connecting';
  return { query, mode };
}
