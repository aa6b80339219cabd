import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useEventStream, useOnline } from 'shared-client';
import {
  CURBSIDE_EVENT_TYPE,
  curbsidePickupSchema,
  isFinalCurbsideStatus,
} from 'shared-contracts/curbside';
import { curbsidePickupQueryOptions, eligibleOrdersQueryOptions, pickupEventsUrl } from './api';

/** The tracker refreshes every 5 s when live events are not available. */
export const POLL_INTERVAL_MS = 5_000;

/** How the tracking view is being kept current. */
export type LiveMode = 'live' | 'polling' | 'paused' | 'offline' | 'finished';

/**
 * The pickup record, kept current while `autoRefresh` is on: server-sent events over `fetch` (with
 * the bearer header), resumed with `Last-Event-ID` after a dropped connection (shared-client's
 * `useEventStream`); while the stream is not connected, polling every 5 s. Nothing runs once the
 * pickup has ended. Without a connection both wait, and the stream resumes when it is back.
 */
export function useLivePickup(id: string, autoRefresh: boolean) {
  const queryClient = useQueryClient();
  const online = useOnline();
  // Read by the polling interval, which the stream's state switches off.
  const connected = useRef(false);
  const query = useQuery({
    ...curbsidePickupQueryOptions(id),
    refetchInterval: (current) => {
      const status = current.state.data?.status;
      if (!autoRefresh || connected.current || (status && isFinalCurbsideStatus(status))) {
        return false;
      }
      return POLL_INTERVAL_MS;
    },
  });
  const finished = query.data ? isFinalCurbsideStatus(query.data.status) : false;
  const finishedRef = useRef(finished);
  finishedRef.current = finished;

  // The stream starts with the first read, not after it: its replay carries the whole record.
  const stream = useEventStream(autoRefresh && !finished ? pickupEventsUrl(id) : undefined, {
    onEvent: (event) => {
      if (event.event !== CURBSIDE_EVENT_TYPE) return;
      let parsed: ReturnType<typeof curbsidePickupSchema.safeParse>;
      try {
        parsed = curbsidePickupSchema.safeParse(JSON.parse(event.data));
      } catch {
        return;
      }
      if (parsed.success) {
        queryClient.setQueryData(curbsidePickupQueryOptions(id).queryKey, parsed.data);
      }
    },
    // A dropped stream of a pickup that has ended meanwhile is not reopened.
    shouldReconnect: () => !finishedRef.current,
  });
  connected.current = stream === 'live';

  // An ended pickup changes which orders can be collected (delivered: picked up; failed or
  // cancelled: free again), so the arrival form's list is read anew.
  useEffect(() => {
    if (finished) {
      void queryClient.invalidateQueries({ queryKey: eligibleOrdersQueryOptions().queryKey });
    }
  }, [finished, queryClient]);

  const mode: LiveMode = finished
    ? 'finished'
    : !autoRefresh
      ? 'paused'
      : !online
        ? 'offline'
        : stream === 'live'
          ? 'live'
          : 'polling';
  return { query, mode };
}
