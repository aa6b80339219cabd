import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/users.ts';
import { sessions } from '../auth/schema.ts';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';
import { hashToken } from '../auth/tokens.ts';
import { DEMO_CUSTOMER } from '../seed/demo-customer.ts';
import { SIGN_IN_FIRST_SCRIPT_ELEMENT } from './sign-in-first-script.ts';

// A stand-in for the shell's Node build, in the shape createServerRenderer loads: it renders what
// the API gave it (the visitor's user and sensitive window) and what its `fetch` (the render's,
// allow-listed) answers, so the page's HTML shows exactly the data the server let it read.
const SHELL_BUNDLE = `
exports.shared = {};
const read = async (url) => {
  try {
    const answer = await fetch(url);
    return answer.ok ? await answer.text() : 'HTTP ' + answer.status;
  } catch (error) {
    return 'refused: ' + error.message;
  }
};
exports.renderPage = async ({ url, signedIn }) => {
  const page = url.split('?')[0];
  const data = {
    '/pickup-history': '/api/pickup-history?page=1&pageSize=10',
    '/wallet': '/api/wallet',
    '/settings': '/api/users/me',
    // A page that asks for more than it declares.
    '/pickup-receipt': '/api/wallet',
  }[page];
  const user = signedIn ? JSON.stringify(signedIn.user) : 'signed out';
  const guard = signedIn && page === '/wallet' && !signedIn.sensitive ? 'to /re-authenticate' : '';
  const body = data && !guard ? await read(data) : '';
  const heading = data ? '' : '<h1>page ' + page + '</h1>';
  return { html: '<main>' + heading + user + guard + body + '</main>', head: '', leftToBrowser: [] };
};
`;
const INDEX =
  '<!doctype html><html><head><title>CurbRun</title></head><body><div id="root"></div></body></html>';
// The shell's route table as its build writes it from the pages' declarations: what each page
// reads for a signed-in visitor.
const ROUTE_OWNERS = JSON.stringify({
  owners: {
    customer: ['/pickup-history', '/wallet', '/settings', '/pickup-receipt', '/delivery-tracking'],
    curbside: ['/curbside-pickup'],
  },
  shellPaths: ['/auth'],
  // The pages for signed-in people only, as declared.
  signedInOnly: ['/curbside-pickup', '/delivery-tracking/:id'],
  signedInData: {
    '/pickup-history': ['/api/pickup-history'],
    '/wallet': ['/api/wallet', '/api/wallet/entries', '/api/payment-methods'],
    '/settings': ['/api/users/me', '/api/addresses'],
    '/pickup-receipt': ['/api/pickup-history'],
  },
});

/** The `Set-Cookie` of the session cookie in a response, or undefined. */
function sessionSetCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

function cookieValue(setCookie: string | undefined): string {
  return setCookie?.split(';')[0]?.split('=')[1] ?? '';
}

describeEachDatabase('pages rendered for a signed-in customer (ADR 015)', (kind) => {
  let staticRoot: string;
  let server: TestServer;
  let token: string;
  let cookie: string;

  async function page(pathname: string, cookieHeader?: string) {
    const response = await server.fetch(pathname, {
      headers: { accept: 'text/html', ...(cookieHeader ? { cookie: cookieHeader } : {}) },
    });
    return { response, html: await response.text() };
  }

  async function api(pathname: string) {
    const response = await server.fetch(pathname, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  async function signIn() {
    const response = await server.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: { id: string } };
    return { response, body };
  }

  beforeAll(async () => {
    staticRoot = await mkdtemp(path.join(os.tmpdir(), 'api-signed-in-render-'));
    await mkdir(path.join(staticRoot, 'shell/dist/server'), { recursive: true });
    await writeFile(path.join(staticRoot, 'shell/dist/index.html'), INDEX);
    await writeFile(path.join(staticRoot, 'shell/dist/server/render.js'), SHELL_BUNDLE);
    await writeFile(path.join(staticRoot, 'shell/dist/route-owners.json'), ROUTE_OWNERS);
    server = await startTestServer({ database: kind, staticRoot, demoHistory: true });
    const { response, body } = await signIn();
    token = body.token;
    cookie = `${SESSION_COOKIE}=${cookieValue(sessionSetCookie(response))}`;
  });
  afterAll(async () => {
    await server?.close();
    if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  });

  it('sets an HttpOnly, SameSite=Strict cookie at login beside the unchanged JSON answer', async () => {
    const { response, body } = await signIn();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    const setCookie = sessionSetCookie(response);
    expect(setCookie).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    // Plain http here: Secure only under https.
    expect(setCookie).not.toContain('Secure');
    expect(cookieValue(setCookie)).toBe(body.token);
  });

  it('never lets the cookie alone authorise an /api call', async () => {
    for (const url of ['/api/auth/me', '/api/wallet', '/api/pickup-history', '/api/users/me']) {
      const response = await server.fetch(url, { headers: { cookie } });
      expect(response.status, url).toBe(401);
    }
  });

  it("renders /pickup-history with the customer's order numbers, kept out of shared caches", async () => {
    const history = (await api('/api/pickup-history?page=1&pageSize=10')) as {
      items: { orderNumber: string }[];
    };
    expect(history.items.length).toBeGreaterThan(0);
    const { response, html } = await page('/pickup-history', cookie);
    expect(response.status).toBe(200);
    for (const item of history.items) expect(html).toContain(item.orderNumber);
    expect(html).toContain(DEMO_CUSTOMER.firstName);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toMatch(/cookie/i);
  });

  it('renders /wallet with the balance inside the sensitive window, the guard outside it', async () => {
    const { balanceCents } = (await api('/api/wallet')) as { balanceCents: number };
    const inside = await page('/wallet', cookie);
    expect(inside.html).toContain(`{"balanceCents":${balanceCents}}`);
    expect(inside.response.headers.get('cache-control')).toBe('private, no-store');

    await server.database.db
      .update(sessions)
      .set({ sensitiveUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    server.app.sessionCache.clear();
    const outside = await page('/wallet', cookie);
    expect(outside.html).toContain('to /re-authenticate');
    expect(outside.html).not.toContain('balanceCents');
    await server.database.db
      .update(sessions)
      .set({ sensitiveUntil: new Date(Date.now() + 600_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    server.app.sessionCache.clear();
  });

  it("renders /settings with the customer's profile", async () => {
    const { html, response } = await page('/settings', cookie);
    expect(html).toContain(`"firstName":"${DEMO_CUSTOMER.firstName}"`);
    expect(html).toContain(`"lastName":"${DEMO_CUSTOMER.lastName}"`);
    expect(html).toContain(DEMO_CUSTOMER.email);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('renders nothing personal without a cookie, with a forged one, or a malformed one', async () => {
    for (const header of [
      undefined,
      `${SESSION_COOKIE}=${'A'.repeat(43)}`,
      `${SESSION_COOKIE}=not a token`,
    ]) {
      for (const pathname of ['/pickup-history', '/wallet', '/settings']) {
        const { response, html } = await page(pathname, header);
        // The stand-in still asks for the page's data: a signed-out render's fetch refuses it.
        expect(html, `${pathname} ${header}`).toContain('<main>signed out');
        expect(html).toContain('refused: Server rendering may not GET');
        expect(html).not.toContain(DEMO_CUSTOMER.email);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(response.headers.get('vary') ?? '').not.toMatch(/cookie/i);
        // A worthless cookie is cleared.
        if (header) expect(sessionSetCookie(response)).toContain('Max-Age=0');
      }
    }
  });

  it('answers a visitor without a session with the sign-in page on a page for signed-in people', async () => {
    for (const header of [undefined, `${SESSION_COOKIE}=${'A'.repeat(43)}`]) {
      for (const asked of ['/curbside-pickup?orderNumber=CR-100234', '/delivery-tracking/CR-1']) {
        const { response, html } = await page(asked, header);
        expect(response.status).toBe(200);
        expect(html, asked).toContain('<h1>page /auth</h1>');
        // Its inline script, after #root, then remembers the page asked for and shows /auth's
        // address before the page paints.
        expect(html).toContain(
          '<script type="application/json" id="sign-in-first">"/auth"</script>',
        );
        expect(html).toContain(`${SIGN_IN_FIRST_SCRIPT_ELEMENT}</body>`);
        expect(html.indexOf(SIGN_IN_FIRST_SCRIPT_ELEMENT)).toBeGreaterThan(
          html.indexOf('<h1>page /auth</h1>'),
        );
        expect(response.headers.get('cache-control')).toBe('no-cache');
      }
    }
    // Paths the page itself does not answer stay its owner's (its not-found page).
    const below = await page('/delivery-tracking');
    expect(below.html).toContain('<h1>page /delivery-tracking</h1>');
    expect(below.html).not.toContain('sign-in-first');
    expect(below.html).not.toContain(SIGN_IN_FIRST_SCRIPT_ELEMENT);
  });

  it('renders a page for signed-in people as itself for a signed-in customer', async () => {
    const { html } = await page('/curbside-pickup', cookie);
    expect(html).toContain('<h1>page /curbside-pickup</h1>');
    expect(html).toContain(DEMO_CUSTOMER.firstName);
    expect(html).not.toContain('sign-in-first');
  });

  it("refuses a signed-in render the data its page does not declare, another page's too", async () => {
    const { html } = await page('/pickup-receipt', cookie);
    expect(html).toContain(DEMO_CUSTOMER.firstName);
    expect(html).toContain('refused: Server rendering may not GET /api/wallet.');
    expect(html).not.toContain('balanceCents');
  });

  it('refuses the customer routes to a signed-out render', async () => {
    const { html } = await page('/wallet');
    expect(html).toContain('refused: Server rendering may not GET /api/wallet.');
    expect(html).not.toContain('balanceCents');
  });

  it('sets the cookie again on a password re-check', async () => {
    const response = await server.fetch('/api/auth/verify-recent', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: DEMO_CUSTOMER.password }),
    });
    expect(response.status).toBe(200);
    expect(cookieValue(sessionSetCookie(response))).toBe(token);
  });

  it('forgets the cookie on request without touching the session', async () => {
    const response = await server.fetch('/api/auth/session-cookie', { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(sessionSetCookie(response)).toMatch(/^curbrun_session=; Path=\/; Max-Age=0; HttpOnly/);
    await api('/api/auth/me');
  });

  it('clears the cookie at logout, and a revoked session renders nothing personal', async () => {
    const other = await signIn();
    const otherCookie = `${SESSION_COOKIE}=${other.body.token}`;
    expect((await page('/settings', otherCookie)).html).toContain(DEMO_CUSTOMER.email);
    const logout = await server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${other.body.token}` },
    });
    expect(logout.status).toBe(200);
    expect(sessionSetCookie(logout)).toContain('Max-Age=0');
    const after = await page('/settings', otherCookie);
    expect(after.html).toContain('<main>signed outrefused: Server rendering may not GET');
    expect(after.html).not.toContain(DEMO_CUSTOMER.email);
    expect(after.response.headers.get('cache-control')).toBe('no-cache');
    // Logging out a session that already ended still clears the cookie.
    const again = await server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${other.body.token}` },
    });
    expect(again.status).toBe(401);
    expect(sessionSetCookie(again)).toContain('Max-Age=0');
  });

  it('clears the cookie in the answer that deletes the account', async () => {
    const user = await createTestUser(server);
    const userCookie = `${SESSION_COOKIE}=${user.token}`;
    expect((await page('/settings', userCookie)).html).toContain(user.email);
    const deleted = await server.fetch('/api/users/me', {
      method: 'DELETE',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ password: TEST_PASSWORD, confirmation: 'DELETE' }),
    });
    expect(deleted.status).toBe(200);
    const cleared = sessionSetCookie(deleted);
    expect(cleared).toContain('Max-Age=0');
    expect(cookieValue(cleared)).toBe('');
    const after = await page('/settings', userCookie);
    expect(after.html).toContain('<main>signed out');
    expect(after.html).not.toContain(user.email);
  });
});

describe('the session cookie under https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://localhost:8443' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is Secure', async () => {
    const response = await server.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
    });
    expect(response.status).toBe(200);
    expect(sessionSetCookie(response)).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });
});
