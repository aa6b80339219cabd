import {
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { usePublicQuery } from 'shared-client';
import { type AuthStatus, useAuth } from './auth-context';

// The apps' Node builds run without a window (api/src/ssr/server-render.ts); fixed per process.
const ON_SERVER = typeof window === 'undefined';

/**
 * A query for the signed-in customer's own data that the server renders with the page when it
 * renders it for that customer (ADR 015): the server's `fetch` then answers the customer's own
 * routes with their session. On the server it suspends only for a signed-in render and when
 * `enabled` (as `usePublicQuery` does); otherwise, and in the browser, it is an ordinary
 * `useQuery` (which finds the server's data in the cache). Wrap its component in a Suspense
 * boundary, as for `usePublicQuery`.
 */
export function useSignedInQuery<TData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, DefaultError, TData, TKey>,
  { enabled = true }: { enabled?: boolean } = {},
): UseQueryResult<TData> {
  // The session is known before a server render starts, and fixed for all of it; the browser
  // never asks (a component may render there without the shell's AuthProvider, as in tests).
  const useStatus = ON_SERVER ? useAuthStatus : noAuthStatus;
  if (enabled && useStatus() === 'authenticated') return usePublicQuery(options, { enabled });
  return useQuery({ ...options, enabled });
}

function useAuthStatus(): AuthStatus {
  return useAuth().status;
}

function noAuthStatus(): undefined {
  return undefined;
}
