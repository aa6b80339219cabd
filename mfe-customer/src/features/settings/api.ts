import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, CACHE_GROUPS, fetchJson, meQueryOptions } from 'shared-client';
import {
  type NotificationPreferences,
  notificationPreferencesSchema,
  type UpdateNotificationPreferences,
} from 'shared-contracts/settings';
import {
  type AccountProfile,
  accountProfileSchema,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type UpdateProfileRequest,
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
    mutationFn: (body: UpdateProfileRequest) =>
      apiRequest<AccountProfile>('PATCH', '/api/users/me', body, { auth: true }),
    onSuccess: refresh,
  });
}

export function useChangeEmailMutation() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) =>
      apiRequest<{ message: string; pendingEmail: string }>('POST', '/api/users/me/email', body, {
        auth: true,
      }),
    onSuccess: refresh,
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest<{ message: string }>('POST', '/api/users/me/password', body, { auth: true }),
  });
}

export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) =>
      apiRequest<{ message: string }>('DELETE', '/api/users/me', body, { auth: true }),
  });
}

export function useSavePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferences) =>
      apiRequest<NotificationPreferences>('PUT', '/api/users/me/notification-preferences', body, {
        auth: true,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, saved);
    },
  });
}
