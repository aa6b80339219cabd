import { useCallback } from 'react';
import { useSendToAuth } from 'shared-auth';
import { ApiError } from 'shared-client';
import { SENSITIVE_AUTH_REQUIRED_MESSAGE } from 'shared-contracts/auth';
import { useLocation } from 'shared-ui/router';

/** The server's answer when a change needs the recent password re-check. */
export function isSensitiveAuthRequired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    error.serverMessage === SENSITIVE_AUTH_REQUIRED_MESSAGE
  );
}

/**
 * Key, webhook and domain changes need the sensitive window, like the wallet. Outside it the
 * person goes through /re-authenticate and comes back here, exactly as shared-auth's
 * SensitiveRoute does. Returns a handler for a failed change: true when it took the person there.
 */
export function useReauthenticateWhenNeeded(): (error: unknown) => boolean {
  const sendToAuth = useSendToAuth();
  const location = useLocation();
  return useCallback(
    (error: unknown) => {
      if (!isSensitiveAuthRequired(error)) return false;
      sendToAuth('re-authenticate', `${location.pathname}${location.search}${location.hash}`);
      return true;
    },
    [location.hash, location.pathname, location.search, sendToAuth],
  );
}
