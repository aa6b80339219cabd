import { STORAGE_KEYS } from 'shared-auth';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, takeAwaySignInForStoredSession } from './session-without-cookie';
import { followSignInFirst } from './sign-in-first';

// The server's answer to a visitor without a session on a page for signed-in people: the sign-in
// page's HTML, with the data block naming it (api/src/ssr/page-html.ts).
function serverSentSignIn(block = '"/auth"'): HTMLElement {
  document.head.innerHTML = `<script type="application/json" id="sign-in-first">${block}</script>`;
  document.body.innerHTML = '<div id="root"><main><h1>Sign In</h1><form></form></main></div>';
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  return root;
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('followSignInFirst', () => {
  it('remembers the page asked for and shows the sign-in address, keeping the HTML', () => {
    window.history.replaceState(null, '', '/curbside-pickup?orderNumber=CR-100234#arrive');
    const root = serverSentSignIn();

    takeAwaySignInForStoredSession();
    followSignInFirst();

    expect(window.location.pathname).toBe('/auth');
    expect(window.location.search).toBe('');
    expect(JSON.parse(sessionStorage.getItem('redirectAfterLogin') ?? 'null')).toBe(
      '/curbside-pickup?orderNumber=CR-100234#arrive',
    );
    expect(root.textContent).toBe('Sign In');
    // Read once: a later look finds nothing to follow.
    expect(document.getElementById('sign-in-first')).toBeNull();
  });

  it('takes the sign-in form away from a browser with a session the server could not see', () => {
    window.history.replaceState(null, '', '/curbside-pickup');
    localStorage.setItem('token', 'a-session-token');
    const root = serverSentSignIn();

    // The shell's first script, then bootstrap, as they run.
    takeAwaySignInForStoredSession();
    followSignInFirst();

    expect(window.location.pathname).toBe('/curbside-pickup');
    expect(root.childElementCount).toBe(0);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('does nothing on a page the server sent as asked, or for a block that is not a path here', () => {
    window.history.replaceState(null, '', '/wallet');
    document.body.innerHTML = '<div id="root"><h1>Wallet</h1></div>';
    followSignInFirst();
    for (const block of ['"https://elsewhere.example/auth"', '"//elsewhere.example"', '{', '42']) {
      serverSentSignIn(block);
      followSignInFirst();
      expect(window.location.pathname).toBe('/wallet');
    }
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });
});

describe('the token key read before the shared modules load', () => {
  it("is shared-auth's", () => {
    expect(TOKEN_STORAGE_KEY).toBe(STORAGE_KEYS.token);
  });
});
