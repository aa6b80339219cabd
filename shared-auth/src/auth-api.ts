import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiRequest, errorMessage, fetchJson } from 'shared-client';
import type { LoginRequest, RegisterRequest, VerifyEmailRequest } from 'shared-contracts/auth';
import { toast } from 'shared-ui';
import { meQueryOptions, useAuth } from './auth-context';
import { parseWith } from './auth-schemas';
import { markSensitiveAuth } from './storage';

/**
 * The `/api/auth/*` calls as TanStack Query hooks, with their toasts (docs/product.md, "Toasts")
 * built in so every screen that signs someone in or out says the same thing.
 */

/**
 * `GET /api/auth/check-sensitive`: true inside the session's sensitive window, false outside it
 * (403); throws for anything else (the guard treats all three alike).
 */
export async function checkSensitive(signal?: AbortSignal): Promise<boolean> {
  try {
    await parseWith(
      'sensitiveWindowResponseSchema',
      fetchJson('/api/auth/check-sensitive', 'default', signal),
    );
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return false;
    throw error;
  }
}

/**
 * `['auth', 'sensitive']`. Never cached: the answer changes with time, so every visit to a
 * sensitive page asks again, and a focused tab re-checks (the default refetch on focus).
 */
export const sensitiveCheckQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sensitive'] as const,
    queryFn: ({ signal }) => checkSensitive(signal),
    staleTime: 0,
    gcTime: 0,
    // A failed check already has an answer: go and re-authenticate.
    retry: false,
  });

const TRY_AGAIN = 'Please check your connection and try again.';

/** `POST /api/auth/login`, then the session is stored and the user loaded. */
export function useLoginMutation() {
  const { startSession } = useAuth();
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: async (input: LoginRequest) => {
      const answer = await parseWith(
        'loginResponseSchema',
        apiRequest('POST', '/api/auth/login', input),
      );
      await startSession(answer.token, answer.user.id);
      return answer;
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: errorMessage(error, TRY_AGAIN),
        variant: 'destructive',
      });
    },
  });
}

/** `POST /api/auth/register`. */
export function useRegisterMutation() {
  return useMutation({
    mutationKey: ['auth', 'register'],
    mutationFn: (input: RegisterRequest) =>
      parseWith('authMessageResponseSchema', apiRequest('POST', '/api/auth/register', input)),
    onSuccess: (answer) => {
      toast({ title: 'Registration Successful', description: answer?.message, variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description:
          error instanceof ApiError ? (error.serverMessage ?? 'Registration failed') : TRY_AGAIN,
        variant: 'destructive',
      });
    },
  });
}

/**
 * `POST /api/auth/logout`: the server revokes the token, then the session is forgotten here.
 * `leave` (e.g. "go home and wait until the page has changed") runs before the local session
 * ends: a guarded page still on screen would otherwise see the sign-out first and send the person
 * to /auth (the router renders navigations as transitions, after the sign-out).
 */
export function useLogoutMutation(options: { leave?: () => Promise<void> } = {}) {
  const { endSession } = useAuth();
  const queryClient = useQueryClient();
  const leave = useRef(options.leave);
  leave.current = options.leave;
  const signedOut = async () => {
    await leave.current?.();
    endSession();
    queryClient.removeQueries({ queryKey: sensitiveCheckQueryOptions().queryKey });
    toast({
      title: 'Logout successful',
      description: 'You have been logged out.',
      variant: 'success',
    });
  };
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: async () => {
      try {
        await apiRequest('POST', '/api/auth/logout', undefined, { auth: true });
      } catch (error) {
        // 401: the server had already ended this session; signing out here is all that is left.
        if (error instanceof ApiError && error.status === 401) return;
        throw error;
      }
    },
    onSuccess: signedOut,
    onError: (error) => {
      toast({
        title: 'Logout failed',
        description:
          error instanceof ApiError ? (error.serverMessage ?? 'Logout failed') : TRY_AGAIN,
        variant: 'destructive',
      });
    },
  });
}

/**
 * `POST /api/auth/verify-recent`: re-checks the password. Success refreshes the user and marks
 * sensitive access as granted.
 */
export function useVerifyRecentMutation() {
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'verify-recent'],
    mutationFn: (password: string) =>
      parseWith(
        'sensitiveWindowResponseSchema',
        apiRequest('POST', '/api/auth/verify-recent', { password }, { auth: true }),
      ),
    onSuccess: async () => {
      markSensitiveAuth();
      queryClient.removeQueries({ queryKey: sensitiveCheckQueryOptions().queryKey });
      toast({
        title: 'Authentication successful',
        description: 'You can now access sensitive information.',
        variant: 'success',
      });
      await refreshUser().catch(() => null);
    },
    onError: (error) => {
      toast({
        title: 'Authentication failed',
        description:
          error instanceof ApiError
            ? (error.serverMessage ?? 'Password verification failed')
            : 'Password verification failed',
        variant: 'destructive',
      });
    },
  });
}

/** `POST /api/auth/verify-email`; the page decides the toasts and where to go. */
export function useVerifyEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'verify-email'],
    mutationFn: (input: VerifyEmailRequest) =>
      parseWith('authMessageResponseSchema', apiRequest('POST', '/api/auth/verify-email', input)),
    // A signed-in user's `emailVerified` just changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}

/** `POST /api/auth/resend-verification` (signed in, at most one a minute). */
export function useResendVerificationMutation() {
  return useMutation({
    mutationKey: ['auth', 'resend-verification'],
    mutationFn: () =>
      parseWith(
        'authMessageResponseSchema',
        apiRequest('POST', '/api/auth/resend-verification', undefined, { auth: true }),
      ),
    onSuccess: (answer) => {
      toast({ title: 'Verification email sent', description: answer.message, variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: 'Could not send the email',
        description: errorMessage(error, TRY_AGAIN),
        variant: 'destructive',
      });
    },
  });
}
