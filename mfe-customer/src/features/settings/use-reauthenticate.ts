import { useCallback } from 'react';
import { useSendToAuth } from 'shared-auth';

/**
 * Email change and account deletion need the sensitive window. Outside it the
 * person confirms their password at /re-authenticate and comes back to this settings section.
 */
export function useReauthenticate() {
  const sendToAuth = useSendToAuth();
  return useCallback(
    (section: string) => sendToAuth('re-authenticate', `/settings#${section}`),
    [sendToAuth],
  );
}
