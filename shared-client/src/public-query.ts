import {
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';

// The apps' Node builds run without a window (api/src/ssr/server-render.ts); fixed per process.
const ON_SERVER = typeof window === 'undefined';

/**
 * A query for public data the server can render with the page (ADR 010): while rendering on the
 * server it suspends until the data is there (the server's `fetch` answers only public GET routes,
 * never with a session), so the HTML shows it and the data travels with the page as the
 * QueryClient's dehydrated state. In the browser it is an ordinary `useQuery`, which finds that
 * data already in the cache and does not fetch until it is stale; without it (a page the server
 * did not render, or a fetch that failed there) it fetches once `enabled`.
 *
 * Wrap its component in a Suspense boundary: if the server cannot get the data, only that
 * boundary is left for the browser to render.
 */
export function usePublicQuery<TData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, DefaultError, TData, TKey>,
  { enabled = true }: { enabled?: boolean } = {},
): UseQueryResult<TData> {
  // Not a conditional hook in practice: ON_SERVER never changes while a process runs, so every
  // render of a component calls the same hook.
  const useQueryHere = ON_SERVER ? useServerQuery : useBrowserQuery;
  return useQueryHere({ ...options, enabled });
}

function useBrowserQuery<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, DefaultError, TData, TKey>,
): UseQueryResult<TData> {
  return useQuery(options);
}

function useServerQuery<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, DefaultError, TData, TKey>,
): UseQueryResult<TData> {
  const { enabled: _enabled, ...rest } = options;
  // A settled success: the fields a component reads are those of a useQuery result with data.
  return useSuspenseQuery(
    rest as Parameters<typeof useSuspenseQuery<TData, DefaultError, TData, TKey>>[0],
  ) as UseQueryResult<TData>;
}
