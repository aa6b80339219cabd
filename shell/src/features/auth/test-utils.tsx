import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AuthProvider } from 'shared-auth';
import { MemoryRouter } from 'shared-auth/testing';
import type { User } from 'shared-contracts/auth';
import { Toaster, theme } from 'shared-ui';
import { Route, Routes, useLocation } from 'shared-ui/router';
import { ThemeProvider } from 'styled-components';
import { vi } from 'vitest';

export const TEST_USER: User = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.test',
  emailVerified: true,
  defaultAddressLine: null,
};

export type StubRoute = (init?: RequestInit) => Response | Promise<Response>;

/** A fetch that answers by `METHOD path`; anything else is a 404 (and recorded). */
export function stubApi(routes: Record<string, StubRoute>) {
  const spy = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const route = routes[key];
    if (!route)
      return new Response(JSON.stringify({ message: `no stub for ${key}` }), { status: 404 });
    return route(init);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** Renders `element` at `path` with the app's providers; other paths render their name. */
export function renderWithApp(path: string, routes: Array<{ path: string; element: ReactNode }>) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              {routes.map((route) => (
                <Route key={route.path} path={route.path} element={route.element} />
              ))}
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
            <Where />
          </MemoryRouter>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
