import { useCallback } from 'react';
import { useNavigate } from 'shared-ui/router';
import { useAuth } from './auth-context';
import { rememberRedirect, STORAGE_KEYS, takeRedirect } from './storage';

/**
 * For buttons that lead to signed-in pages (the home page's 'Schedule a Pickup', ...): signed in,
 * go there; signed out, remember the target (redirectAfterLogin) and go to /auth, so login brings
 * the person back (SPEC section 2). For a link's click handler see mfe-marketing's
 * `useSignInFirstOnClick`.
 */
export function useNavigateOrSignIn(): (target: string) => void {
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  return useCallback(
    (target: string) => {
      if (isAuthenticated) {
        navigate(target);
        return;
      }
      rememberRedirect(STORAGE_KEYS.redirectAfterLogin, target);
      navigate('/auth');
    },
    [isAuthenticated, navigate],
  );
}

/** Where to go after login: the remembered page (then forgotten), else home (SPEC section 2). */
export function takeRedirectAfterLogin(): string {
  return takeRedirect(STORAGE_KEYS.redirectAfterLogin) ?? '/';
}

/** Where to go after the password re-check: the remembered page (then forgotten), else home. */
export function takeRedirectAfterSensitiveAuth(): string {
  return takeRedirect(STORAGE_KEYS.redirectAfterSensitiveAuth) ?? '/';
}
