import { rememberRedirect, STORAGE_KEYS } from 'shared-auth';
import { SIGN_IN_FIRST_ID } from 'shared-contracts/server-page';
import { takeJsonDataBlock } from './json-data-block';

/**
 * A first visit to a page for signed-in people, without a session cookie, is answered with the
 * sign-in page itself (api/src/ssr/page-html.ts) under the address that was asked for. Before the
 * shell hydrates it, this does what the page's guard would have done: the page is remembered as
 * redirectAfterLogin and the address becomes the sign-in page's, so the router, the server's HTML
 * and the address agree. A browser that holds a session the server could not see (a token but no
 * cookie, as after signing in through the API) has had the sign-in page taken away already, by
 * the shell's first script (boot/session-without-cookie.ts), and gets the page it asked for.
 */
export function followSignInFirst({
  doc = document,
  win = window,
}: {
  doc?: Document;
  win?: Window;
} = {}): void {
  const signIn = takeJsonDataBlock(SIGN_IN_FIRST_ID, () => {}, doc);
  if (typeof signIn !== 'string' || !signIn.startsWith('/') || signIn.startsWith('//')) return;
  const { pathname, search, hash } = win.location;
  rememberRedirect(STORAGE_KEYS.redirectAfterLogin, `${pathname}${search}${hash}`);
  win.history.replaceState(win.history.state, '', signIn);
}
