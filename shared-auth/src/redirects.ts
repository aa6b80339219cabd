import { useCallback } from 'react';
import { useNavigate } from 'shared-ui/router';
import { useAuth } from './auth-context';
import { rememberRedirect, STORAGE_KEYS, takeRedirect } from './storage';

/**
 * The two detours: the page that proves who someone is, and the key under which
 * the page to come back to is remembered (the page reads it once the person is through).
 */
const AUTH_PAGES = {
  'sign-in': { path: '/auth', returnKey: STORAGE_KEYS.redirectAfterLogin },
  're-authenticate': {
    path: '/re-authenticate',
    returnKey: STORAGE_KEYS.redirectAfterSensitiveAuth,
  },
} as const;

export type AuthDetour = keyof typeof AUTH_PAGES;

export type SendToAuth = (
  detour: AuthDetour,
  returnTo: string,
  options?: { replace?: boolean },
) => void;

/**
 * The one way to send someone to sign in (/auth) or to confirm their password (/re-authenticate)
 * and bring them back: remembers `returnTo` (redirectAfterLogin or redirectAfterSensitiveAuth),
 * then navigates there. `replace` is for a guard standing in for the page it protects.
 */
export function useSendToAuth(): SendToAuth {
  const navigate = useNavigate();
  return useCallback<SendToAuth>(
    (detour, returnTo, options) => {
      const page = AUTH_PAGES[detour];
      rememberRedirect(page.returnKey, returnTo);
      navigate(page.path, options);
    },
    [navigate],
  );
}

/**
 * For buttons that lead to signed-in pages (the home page's 'Schedule a Pickup', ...): signed in,
 * go there; signed out, sign in first and come back. For a link's click handler
 * see mfe-marketing's `useSignInFirstOnClick`.
 */
export function useNavigateOrSignIn(): (target: string) => void {
  const navigate = useNavigate();
  const sendToAuth = useSendToAuth();
  const { isAuthenticated } = useAuth();
  return useCallback(
    (target: string) => {
      if (isAuthenticated) navigate(target);
      else sendToAuth('sign-in', target);
    },
    [isAuthenticated, navigate, sendToAuth],
  );
}

/** Where to go after login: the remembered page (then forgotten), else home. */
export function takeRedirectAfterLogin(): string {
  return takeRedirect(STORAGE_KEYS.redirectAfterLogin) ?? '/';
}

/** Where to go after the password re-check: the remembered page (then forgotten), else home. */
export function takeRedirectAfterSensitiveAuth(): string {
  return takeRedirect(STORAGE_KEYS.redirectAfterSensitiveAuth) ?? '/';
}
