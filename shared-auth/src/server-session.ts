import type { DehydratedState } from '@tanstack/react-query';
import { meQueryOptions } from './auth-context';
import { getToken, STORAGE_KEYS } from './storage';

function storedUserId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.userId);
  } catch {
    return null;
  }
}

/**
 * Whether the query data a server-rendered page came with may be used here (ADR 015). A page
 * rendered for a signed-in customer (by the session cookie) carries `['auth', 'me']`; it is used
 * only when this browser's stored session (the local-storage token) is the same user's. When
 * not (signed out here, or another user), none of it is used, the page renders from this
 * browser's own session, and the server is asked to forget the cookie, so the next page is not
 * rendered for that other user either.
 */
export function serverQueryStateFitsSession(state: DehydratedState): boolean {
  if (!Array.isArray(state.queries)) return true;
  const [scope, name] = meQueryOptions().queryKey;
  const me = state.queries.find(
    ({ queryKey }) => queryKey.length === 2 && queryKey[0] === scope && queryKey[1] === name,
  );
  if (!me) return true;
  const user = me.state.data as { id?: unknown } | null | undefined;
  if (getToken() && user?.id !== undefined && user.id === storedUserId()) return true;
  void fetch('/api/auth/session-cookie', { method: 'DELETE', credentials: 'include' }).catch(
    () => {},
  );
  return false;
}
