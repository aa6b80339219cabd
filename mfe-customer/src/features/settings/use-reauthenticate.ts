import { useCallback } from 'react';
import { rememberRedirect, STORAGE_KEYS } from 'shared-auth';
import { useNavigate } from 'shared-ui/router';

/**
 * Email change and account deletion need the sensitive window (SPEC section 6). Outside it the
 * person confirms their password at /re-authenticate and comes back to this settings section.
 */
export function useReauthenticate() {
  const navigate = useNavigate();
  return useCallback(
    (section: string) => {
      rememberRedirect(STORAGE_KEYS.redirectAfterSensitiveAuth, `/settings#${section}`);
      navigate('/re-authenticate');
    },
    [navigate],
  );
}
