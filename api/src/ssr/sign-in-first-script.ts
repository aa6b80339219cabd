import { createHash } from 'node:crypto';
import { SIGN_IN_FIRST_ID, SIGN_IN_FIRST_STORAGE_KEYS } from 'shared-contracts/server-page';

const { token, redirectAfterLogin } = SIGN_IN_FIRST_STORAGE_KEYS;

/**
 * The inline script of a page for signed-in people that the server answered with the sign-in page
 * (ADR 022), at the end of the body, so it runs once `#root` is parsed and before the first paint.
 *
 * - A browser that holds a session token the server could not see (no cookie, as after signing
 *   in through the API) is signed in: the sign-in form is taken out before it is ever painted,
 *   and the shell renders the page asked for in the browser.
 * - Otherwise the page asked for (path, query and hash, which the server never sees) is
 *   remembered as redirectAfterLogin, as the page's own guard would, and the address becomes the
 *   sign-in page's, so the router, the server's HTML and the address agree when the shell starts.
 *
 * Why here and not in the shell's code: both read browser storage, and the first read of local
 * or session storage in a page is a synchronous call to the browser process. Before the first
 * paint it delays that paint a little; after it, in the shell's first tasks, it lengthened the
 * tasks between the first paint and a page that answers, which a slow phone feels and
 * Lighthouse's Total Blocking Time counts. Only the same-site path the data block names is
 * followed. Plain ES5 with no `<`, like the after-paint script; the page's Content-Security-Policy
 * allows this exact text by its hash.
 */
export const SIGN_IN_FIRST_SCRIPT = `(function(){var block=document.getElementById('${SIGN_IN_FIRST_ID}');if(!block)return;block.remove();var signIn;try{signIn=JSON.parse(block.textContent)}catch(e){return}if(typeof signIn!=='string'||signIn.charAt(0)!=='/'||signIn.charAt(1)==='/')return;var stored=null;try{stored=localStorage.getItem('${token}')}catch(e){}if(stored){var root=document.getElementById('root');if(root)root.replaceChildren();return}var asked=location.pathname+location.search+location.hash;if(asked.charAt(1)!=='/'&&asked.indexOf('\\\\')===-1){try{sessionStorage.setItem('${redirectAfterLogin}',JSON.stringify(asked))}catch(e){}}history.replaceState(history.state,'',signIn)})();`;

/** The script's CSP source (`'sha256-…'`), for `script-src`. */
export const SIGN_IN_FIRST_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(SIGN_IN_FIRST_SCRIPT).digest('base64')}'`;

/** The element the page carries, at the end of its body. */
export const SIGN_IN_FIRST_SCRIPT_ELEMENT = `<script>${SIGN_IN_FIRST_SCRIPT}</script>`;
