import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from 'shared-auth';
import { apiRequest, CACHE_GROUPS, fetchJson } from 'shared-client';
import {
  notificationPreferencesSchema,
  type UpdateNotificationPreferences,
} from 'shared-contracts/settings';
import {
  accountProfileSchema,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  emailChangeResponseSchema,
  type UpdateProfileRequest,
  userMessageSchema,
} from 'shared-contracts/users';

/** The settings profile (the user plus a pending email change); a user-group cache entry. */
export const accountProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me'] as const,
    queryFn: async ({ signal }) =>
      accountProfileSchema.parse(await fetchJson<unknown>('/api/users/me', 'user', signal)),
    staleTime: 0,
    gcTime: CACHE_GROUPS.user.gcTime,
  });

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'notification-preferences'] as const,
    queryFn: async ({ signal }) =>
      notificationPreferencesSchema.parse(
        await fetchJson<unknown>('/api/users/me/notification-preferences', 'default', signal),
      ),
  });

/** The header (avatar initials, email, address line) reads `['auth', 'me']`: refresh it too. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: accountProfileQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
    ]);
  };
}

export function useUpdateProfileMutation() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: async (body: UpdateProfileRequest) =>
      accountProfileSchema.parse(
        await apiRequest<unknown>('PATCH', '/api/users/me', body, { auth: true }),
      ),
    onSuccess: refresh,
  });
}

export function useChangeEmailMutation() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: async (body: ChangeEmailRequest) =>
      emailChangeResponseSchema.parse(
        await apiRequest<unknown>('POST', '/api/users/me/email', body, { auth: true }),
      ),
    onSuccess: refresh,
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: async (body: ChangePasswordRequest) =>
      userMessageSchema.parse(
        await apiRequest<unknown>('POST', '/api/users/me/password', body, { auth: true }),
      ),
  });
}

export function useSignOutOtherSessionsMutation() {
  return useMutation({
    mutationFn: async () =>
      userMessageSchema.parse(
        await apiRequest<unknown>('POST', '/api/users/me/sessions/sign-out-others', undefined, {
          auth: true,
        }),
      ),
  });
}

export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: async (body: DeleteAccountRequest) =>
      userMessageSchema.parse(
        await apiRequest<unknown>('DELETE', '/api/users/me', body, { auth: true }),
      ),
  });
}

export function useSavePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateNotificationPreferences) =>
      notificationPreferencesSchema.parse(
        await apiRequest<unknown>('PUT', '/api/users/me/notification-preferences', body, {
          auth: true,
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, saved);
    },
  });
}
