import { render, screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { forgetServerHtml } from 'shared-ui';
import { Route, Routes, useLocation } from 'shared-ui/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app-providers';
import { STORAGE_KEYS } from './storage';

/**
 * Test-only helpers for the remotes' component tests, one copy for all of them: the providers a
 * remote gets from the shell, a `fetch` that answers by method and path, a signed-in browser, and
 * server-sent event responses. Import them from `shared-auth/testing` in tests only; they are not
 * part of the federated singleton (`shared-auth`), so no build ever ships them.
 */

/** The in-memory router for tests; production code routes through `shared-ui/router`. */
export { MemoryRouter };

/** The signed-in person of the tests (`GET /api/auth/me` answers it unless a test says otherwise). */
export const TEST_USER = {
  id: 'u1',
  firstName: 'Dana',
  lastName: 'Rivera',
  username: 'dana',
  email: 'dana@example.test',
  emailVerified: true,
  defaultAddressLine: '9100 Skillman St',
};

/**
 * The document as a server-rendered page arrives: `ui` rendered to HTML by the server's renderer
 * into the `#root` element, before any script has run. A test then hydrates `ui` over it.
 */
export function serverRenderedRoot(ui: ReactNode): HTMLElement {
  const html = renderToString(ui);
  // What the render kept of the document is the test's, not this page's.
  forgetServerHtml();
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

/** Whether React owns `node` (it rendered or hydrated it); a part kept as the server sent it is not. */
export const ownedByReact = (node: Node | null | undefined) =>
  node != null && Object.keys(node).some((key) => key.startsWith('__react'));

/** Shows where the router is, so a test can assert navigation like a person reads the URL. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</div>
  );
}

/**
 * Renders inside the providers the shell gives a remote (theme, query client, auth, toasts) and a
 * router at `path`; with `route`, `ui` is the element of that path pattern (so it reads params).
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', route }: { path?: string; route?: string } = {},
) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        {route ? (
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          ui
        )}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type FetchHandler = (request: {
  url: string;
  init: RequestInit | undefined;
}) => Response | Promise<Response>;

/**
 * Replaces `fetch` with one that answers `METHOD /path` (query string ignored) from `routes`,
 * recording every call; `GET /api/auth/me` answers `user` unless routed, anything else is a 404.
 */
export function mockFetch(
  routes: Record<string, FetchHandler>,
  { user = TEST_USER }: { user?: typeof TEST_USER } = {},
) {
  const calls: Array<{ key: string; url: string; init: RequestInit | undefined }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    calls.push({ key, url, init });
    const handler = routes[key];
    if (handler) return handler({ url, init });
    if (key === 'GET /api/auth/me') return json({ user });
    return json({ message: `Not found: ${key}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** A browser with a stored session, as after signing in. */
export function signIn(user: { id: string } = TEST_USER) {
  localStorage.setItem(STORAGE_KEYS.token, 'test-token');
  localStorage.setItem(STORAGE_KEYS.userId, user.id);
}

export interface TestEventStream {
  /** The `text/event-stream` answer; aborting `init.signal` ends it like a closed connection. */
  response(init?: RequestInit): Response;
  /** Sends one event (ids count up from 1 unless given). */
  send(event: string, data: unknown, id?: number): void;
  /** The server ends the stream. */
  close(): void;
}

/** A server-sent event stream the test writes to while the page reads it. */
export function createEventStream(): TestEventStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(encoder.encode(': connected\n\n'));
    },
  });
  let lastId = 0;
  const end = (error?: unknown) => {
    try {
      if (error) controller?.error(error);
      else controller?.close();
    } catch {
      // Already ended.
    }
  };
  return {
    response(init) {
      init?.signal?.addEventListener('abort', () => end(new DOMException('Aborted', 'AbortError')));
      return new Response(body, {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      });
    },
    send(event, data, id) {
      lastId = id ?? lastId + 1;
      controller?.enqueue(
        encoder.encode(`id: ${lastId}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      );
    },
    close: () => end(),
  };
}

/** An SSE response that sends `events` and then stays open until the request is aborted. */
export function eventStream(
  events: Array<{ id: number; event: string; data: unknown }>,
  init?: RequestInit,
): Response {
  const stream = createEventStream();
  const response = stream.response(init);
  for (const event of events) stream.send(event.event, event.data, event.id);
  return response;
}

/**
 * Any path that is not a route shows '404 Page Not Found', signed in or out, and the 404 wins
 * over a sign-in redirect (an unknown address never asks for a sign-in first). Registers one
 * test per path and state for a
 * remote's `./routes` component.
 */
export function describeUnknownSubPaths(
  name: string,
  RemoteRoutes: ComponentType,
  paths: readonly string[],
) {
  describe(`${name} routes: unknown sub-paths`, () => {
    afterEach(() => {
      localStorage.clear();
      vi.unstubAllGlobals();
    });
    for (const signedIn of [false, true]) {
      for (const path of paths) {
        it(`${path} shows the 404 page ${signedIn ? 'signed in' : 'signed out'}`, async () => {
          mockFetch({});
          if (signedIn) signIn();
          renderWithProviders(<RemoteRoutes />, { path });
          expect(
            // The first visit loads the page chunks (lazy routes).
            await screen.findByRole(
              'heading',
              { level: 1, name: '404 Page Not Found' },
              { timeout: 5000 },
            ),
          ).toBeVisible();
          expect(screen.getByTestId('location')).toHaveTextContent(path);
        });
      }
    }
  });
}
