import { SIGN_IN_FIRST_ID } from 'shared-contracts/server-page';

/**
 * The local-storage key of the session's token (docs/product.md, "Browser storage"): shared-auth's
 * `STORAGE_KEYS.token`, read here before any shared module is loaded.
 */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * The server sends the sign-in page to a visit of a page for signed-in people without a session
 * cookie (boot/sign-in-first.ts). A browser that holds a session token all the same (signed in
 * through the API) is signed in: the sign-in form is taken away as the shell's first script runs,
 * before the page's load event, and the shell renders the page asked for in the browser.
 */
export function takeAwaySignInForStoredSession(doc: Document = document): void {
  const block = doc.getElementById(SIGN_IN_FIRST_ID);
  if (!block) return;
  let token: string | null = null;
  try {
    token = localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage may be unavailable; then there is no session here either.
  }
  if (!token) return;
  block.remove();
  doc.getElementById('root')?.replaceChildren();
}
