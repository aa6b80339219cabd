import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { ApiError, CACHE_GROUPS, fetchJson } from 'shared-client';
import type { User } from 'shared-contracts/auth';
import { toast } from 'shared-ui';
import { parseWith } from './auth-schemas';
import { clearSession, getToken, storeSession } from './storage';

export type AuthStatus = 'loading' | 'anonymous' | 'authenticated';

/** `['auth', 'me']`: the current user; fetched only when a token is stored. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: async ({ signal }): Promise<User | null> => {
      if (!getToken()) return null;
      try {
        const { user } = await parseWith(
          'meResponseSchema',
          fetchJson('/api/auth/me', 'user', signal),
        );
        return user;
      } catch (error) {
        // A 401 removes the token and the user is anonymous.
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          return null;
        }
        throw error;
      }
    },
    staleTime: CACHE_GROUPS.user.staleTime,
    gcTime: CACHE_GROUPS.user.gcTime,
  });

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  isAuthenticated: boolean;
  /** Store a new session (after login) and load its user. */
  startSession: (token: string, userId: string) => Promise<User | null>;
  /** Forget the session locally (after logout or when the server no longer knows it). */
  endSession: () => void;
  refreshUser: () => Promise<User | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());

  useEffect(() => {
    // Fetching the user fails with non-401 → 'Failed to fetch user data'.
    if (me.isError) {
      toast({
        title: 'Failed to fetch user data',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      });
    }
  }, [me.isError]);

  const answer: AuthStatus = me.isPending ? 'loading' : me.data ? 'authenticated' : 'anonymous';
  // The first answer is published as a transition: on a server-rendered page, React
  // then finishes hydrating sections still waiting for their code before showing it, instead of
  // throwing their server HTML away. Later changes (login, logout) apply at once.
  // Already answered when the page came with the session (ADR 015): the server rendered it so.
  const [answered, setAnswered] = useState(() => !me.isPending);
  useEffect(() => {
    if (answer !== 'loading' && !answered) startTransition(() => setAnswered(true));
  }, [answer, answered]);
  const status: AuthStatus = answered ? answer : 'loading';
  const user = answered ? (me.data ?? null) : null;

  const refreshUser = useCallback(async () => {
    const result = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    return result;
  }, [queryClient]);

  const startSession = useCallback(
    async (token: string, userId: string) => {
      storeSession(token, userId);
      return refreshUser();
    },
    [refreshUser],
  );

  const endSession = useCallback(() => {
    clearSession();
    queryClient.setQueryData(meQueryOptions().queryKey, null);
    // Everything cached belonged to the signed-out user.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      isAuthenticated: status === 'authenticated',
      startSession,
      endSession,
      refreshUser,
    }),
    [status, user, startSession, endSession, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value)
    throw new Error('useAuth must be used inside <AuthProvider> (rendered by the shell).');
  return value;
}
