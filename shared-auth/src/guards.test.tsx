import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { User } from 'shared-contracts/auth';
import { theme } from 'shared-ui';
import { Route, Routes, useLocation } from 'shared-ui/router';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from './auth-context';
import { RequireAuth, SensitiveRoute } from './guards';
import { MemoryRouter } from './testing';

const USER: User = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.test',
  emailVerified: true,
  defaultAddressLine: null,
};

type Answer = Response | Error;

/** Answers /api/auth/me with the user and /api/auth/check-sensitive with `sensitive`. */
function stubServer(sensitive: () => Answer) {
  const spy = vi.fn(async (url: string) => {
    if (url === '/api/auth/me') return Response.json({ user: USER });
    if (url === '/api/auth/check-sensitive') {
      const answer = sensitive();
      if (answer instanceof Error) throw answer;
      return answer;
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string, guard: 'sensitive' | 'auth' = 'sensitive') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Guard = guard === 'sensitive' ? SensitiveRoute : RequireAuth;
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route
                path="/wallet"
                element={
                  <Guard>
                    <h1>Wallet</h1>
                  </Guard>
                }
              />
              <Route path="/auth" element={<h1>Sign in</h1>} />
              <Route path="/re-authenticate" element={<h1>Confirm your password</h1>} />
            </Routes>
            <Where />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('SensitiveRoute', () => {
  it('signed out: remembers the target for after login and goes to /auth', async () => {
    const spy = stubServer(() => Response.json({}));
    renderAt('/wallet?tab=ledger');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('"/wallet?tab=ledger"');
    expect(sessionStorage.getItem('redirectAfterSensitiveAuth')).toBeNull();
    // No token: neither /me nor the sensitive check is asked.
    expect(spy).not.toHaveBeenCalled();
  });

  it('inside the window: shows the page', async () => {
    localStorage.setItem('token', 'tok');
    const spy = stubServer(() =>
      Response.json({ message: 'ok', sensitiveUntil: new Date().toISOString() }),
    );
    renderAt('/wallet');
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeInTheDocument();
    const check = spy.mock.calls.find(([url]) => url === '/api/auth/check-sensitive');
    expect(check).toBeDefined();
    expect(sessionStorage.length).toBe(0);
  });

  it.each<[string, () => Answer]>([
    ['answers false (403)', () => Response.json({ message: 'Confirm' }, { status: 403 })],
    ['fails (500)', () => new Response('boom', { status: 500 })],
    ['throws (network)', () => new TypeError('Failed to fetch')],
  ])('check-sensitive %s: remembers the target and goes to /re-authenticate', async (_, answer) => {
    localStorage.setItem('token', 'tok');
    stubServer(answer);
    renderAt('/wallet?tab=cards#top');
    expect(
      await screen.findByRole('heading', { name: 'Confirm your password' }),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('redirectAfterSensitiveAuth')).toBe('"/wallet?tab=cards#top"');
    expect(screen.getByTestId('where')).toHaveTextContent('/re-authenticate');
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('a session the server no longer knows (401) signs out and goes to /auth', async () => {
    localStorage.setItem('token', 'tok');
    stubServer(() => Response.json({ message: 'ended' }, { status: 401 }));
    renderAt('/wallet');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('"/wallet"');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('RequireAuth', () => {
  it('signed out: remembers the page and goes to /auth', async () => {
    stubServer(() => Response.json({}));
    renderAt('/wallet', 'auth');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('"/wallet"');
  });

  it('signed in: shows the page without a sensitive check', async () => {
    localStorage.setItem('token', 'tok');
    const spy = stubServer(() => new Response('', { status: 500 }));
    renderAt('/wallet', 'auth');
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeInTheDocument();
    expect(spy.mock.calls.map(([url]) => url)).toEqual(['/api/auth/me']);
  });
});
