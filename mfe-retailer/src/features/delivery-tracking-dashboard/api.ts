import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiFetch, fetchJson, useEventStream } from 'shared-client';
import type { ApiMode } from 'shared-contracts/retailer';
import { type Dashboard, dashboardSchema } from 'shared-contracts/retailer-api';

/** Whose dashboard: the signed-in retailer's (in one mode), or the demo store's. */
export type DashboardSource = { kind: 'own'; mode: ApiMode } | { kind: 'demo' };

export function dashboardUrl(source: DashboardSource, suffix = ''): string {
  return source.kind === 'demo'
    ? `/api/demo/dashboard${suffix}`
    : `/api/retailer/dashboard${suffix}?mode=${source.mode}`;
}

export const dashboardQueryOptions = (source: DashboardSource) =>
  queryOptions({
    queryKey: [
      'retailer',
      'dashboard',
      source.kind,
      source.kind === 'own' ? source.mode : 'test',
    ] as const,
    queryFn: async ({ signal }): Promise<Dashboard> =>
      dashboardSchema.parse(await fetchJson<unknown>(dashboardUrl(source), 'default', signal)),
    staleTime: 0,
    // Couriers move between status changes: refresh their positions while any is on the road.
    refetchInterval: (query) => (query.state.data?.couriers.length ? 5_000 : 30_000),
  });

/** `polling`: the live stream was refused (say, the session ended); the snapshot still refreshes. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'polling';

/**
 * Follows the dashboard's live events (shared-client's `useEventStream`: bearer header,
 * reconnects with Last-Event-ID after a drop) and refreshes the snapshot on each (coalesced to
 * one refresh a second). Polling above is the fallback.
 */
export function useDashboardLive(source: DashboardSource): LiveState {
  const queryClient = useQueryClient();
  const key = dashboardQueryOptions(source).queryKey;
  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(refresh.current);
      refresh.current = undefined;
    },
    [],
  );
  const state = useEventStream(dashboardUrl(source, '/events'), {
    onEvent: (event) => {
      if (event.event !== 'delivery' || refresh.current) return;
      refresh.current = setTimeout(() => {
        refresh.current = undefined;
        void queryClient.invalidateQueries({ queryKey: key });
      }, 1_000);
    },
  });
  if (state === 'live' || state === 'reconnecting') return state;
  return state === 'stopped' ? 'polling' : 'connecting';
}

/**
 * The CSV export: the own dashboard needs the bearer header, so it is fetched, then saved. A
 * refused export rejects with the server's reason (an `ApiError`) and saves nothing.
 */
export async function downloadCsv(source: DashboardSource, fileName: string): Promise<void> {
  const response = await apiFetch(dashboardUrl(source, '/deliveries.csv'), { auth: true });
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
