import type { MouseEvent } from 'react';
import { useAuth, useSendToAuth } from 'shared-auth';

/**
 * Click handler for links to pages that need an account (the home hero's): signed out,
 * the target is remembered as `redirectAfterLogin` and the person goes to /auth, which sends them
 * on to the target after login. While auth is still loading a token is stored, so the link is
 * followed and the target page's own guard decides. Unlike shared-auth's `useNavigateOrSignIn`
 * (which navigates itself), this only intercepts a link's click and leaves the rest to the link.
 */
export function useSignInFirstOnClick() {
  const { status } = useAuth();
  const sendToAuth = useSendToAuth();
  return (target: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (status !== 'anonymous') return;
    // A modified click (new tab, new window) is the browser's business.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    sendToAuth('sign-in', target);
  };
}
