import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { resetToasts, useToast } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkSensitive,
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useVerifyRecentMutation,
} from './auth-api';
import { AuthProvider, useAuth } from './auth-context';

const USER = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.test',
  emailVerified: false,
  defaultAddressLine: null,
};

function stubFetch(routes: Record<string, () => Response | Error>) {
  const spy = vi.fn(async (url: string, _init?: RequestInit) => {
    const answer = routes[url]?.() ?? new Response('missing', { status: 404 });
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

function setup<T>(useHook: () => T) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  return renderHook(() => ({ hook: useHook(), auth: useAuth(), toasts: useToast().toasts }), {
    wrapper,
  });
}

const lastToast = (result: {
  current: { toasts: Array<{ title?: unknown; description?: unknown }> };
}) => {
  const [first] = result.current.toasts;
  return first ? { title: first.title, description: first.description } : undefined;
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  act(() => resetToasts());
});

describe('login', () => {
  it('stores token, userID and sensitiveAuthTime and loads the user', async () => {
    stubFetch({
      '/api/auth/login': () => Response.json({ token: 'tok', user: { id: 'u1' } }),
      '/api/auth/me': () => Response.json({ user: USER }),
    });
    const before = Date.now();
    const { result } = setup(useLoginMutation);
    await act(() => result.current.hook.mutateAsync({ identifier: 'ada', password: 'secret1' }));
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('userID')).toBe('u1');
    expect(Number(localStorage.getItem('sensitiveAuthTime'))).toBeGreaterThanOrEqual(before);
    await waitFor(() => expect(result.current.auth.status).toBe('authenticated'));
    expect(result.current.auth.user?.username).toBe('ada');
  });

  it("toasts 'Login failed' with the server's message", async () => {
    stubFetch({
      '/api/auth/login': () =>
        Response.json({ message: 'Invalid email/username or password.' }, { status: 401 }),
    });
    const { result } = setup(useLoginMutation);
    await act(() =>
      result.current.hook
        .mutateAsync({ identifier: 'ada', password: 'secret1' })
        .catch(() => undefined),
    );
    expect(lastToast(result)).toEqual({
      title: 'Login failed',
      description: 'Invalid email/username or password.',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('register', () => {
  it("toasts 'Registration Successful' with the server's message", async () => {
    stubFetch({ '/api/auth/register': () => Response.json({ message: 'Check your email.' }) });
    const { result } = setup(useRegisterMutation);
    await act(() =>
      result.current.hook.mutateAsync({
        firstName: 'A',
        lastName: 'B',
        username: 'abc',
        email: 'a@b.co',
        password: 'Abcdef1!',
      }),
    );
    expect(lastToast(result)).toEqual({
      title: 'Registration Successful',
      description: 'Check your email.',
    });
  });

  it("toasts 'Registration failed' with the server's message, or that text alone", async () => {
    let answer = () => Response.json({ message: 'That username is taken.' }, { status: 409 });
    stubFetch({ '/api/auth/register': () => answer() });
    const { result } = setup(useRegisterMutation);
    const input = {
      firstName: 'A',
      lastName: 'B',
      username: 'abc',
      email: 'a@b.co',
      password: 'x',
    };
    await act(() => result.current.hook.mutateAsync(input).catch(() => undefined));
    expect(lastToast(result)).toEqual({
      title: 'Registration failed',
      description: 'That username is taken.',
    });
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await act(() => result.current.hook.mutateAsync(input).catch(() => undefined));
    expect(lastToast(result)).toEqual({
      title: 'Registration failed',
      description: 'Registration failed',
    });
  });
});

describe('logout', () => {
  it("clears the session and toasts 'Logout successful'", async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('userID', 'u1');
    const spy = stubFetch({
      '/api/auth/me': () => Response.json({ user: USER }),
      '/api/auth/logout': () => Response.json({ message: 'You have been logged out.' }),
    });
    const { result } = setup(useLogoutMutation);
    await waitFor(() => expect(result.current.auth.status).toBe('authenticated'));
    await act(() => result.current.hook.mutateAsync());
    const logout = spy.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect(logout?.[1]?.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userID')).toBeNull();
    // The provider re-renders from the cleared session on its next commit, which a busy machine
    // may schedule after the mutation's promise settles.
    await waitFor(() => expect(result.current.auth.status).toBe('anonymous'));
    expect(lastToast(result)).toEqual({
      title: 'Logout successful',
      description: 'You have been logged out.',
    });
  });

  it("keeps the session and toasts 'Logout failed' when the server fails", async () => {
    localStorage.setItem('token', 'tok');
    stubFetch({
      '/api/auth/me': () => Response.json({ user: USER }),
      '/api/auth/logout': () => new Response('', { status: 503, statusText: 'Unavailable' }),
    });
    const { result } = setup(useLogoutMutation);
    await waitFor(() => expect(result.current.auth.status).toBe('authenticated'));
    await act(() => result.current.hook.mutateAsync().catch(() => undefined));
    expect(localStorage.getItem('token')).toBe('tok');
    expect(lastToast(result)).toEqual({ title: 'Logout failed', description: 'Logout failed' });
  });
});

describe('verify-recent', () => {
  it('marks sensitive access and toasts success', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('sensitiveAuthTime', '1');
    stubFetch({
      '/api/auth/me': () => Response.json({ user: USER }),
      '/api/auth/verify-recent': () =>
        Response.json({ message: 'ok', sensitiveUntil: new Date().toISOString() }),
    });
    const { result } = setup(useVerifyRecentMutation);
    await act(() => result.current.hook.mutateAsync('Secret#1'));
    expect(Number(localStorage.getItem('sensitiveAuthTime'))).toBeGreaterThan(1);
    expect(lastToast(result)).toEqual({
      title: 'Authentication successful',
      description: 'You can now access sensitive information.',
    });
  });

  it("toasts 'Authentication failed' with the message or 'Password verification failed'", async () => {
    localStorage.setItem('token', 'tok');
    let answer: () => Response | Error = () =>
      Response.json({ message: 'The password is incorrect.' }, { status: 403 });
    stubFetch({
      '/api/auth/me': () => Response.json({ user: USER }),
      '/api/auth/verify-recent': () => answer(),
    });
    const { result } = setup(useVerifyRecentMutation);
    await act(() => result.current.hook.mutateAsync('nope').catch(() => undefined));
    expect(lastToast(result)).toEqual({
      title: 'Authentication failed',
      description: 'The password is incorrect.',
    });
    answer = () => new TypeError('Failed to fetch');
    await act(() => result.current.hook.mutateAsync('nope').catch(() => undefined));
    expect(lastToast(result)).toEqual({
      title: 'Authentication failed',
      description: 'Password verification failed',
    });
  });
});

describe('checkSensitive', () => {
  it('true on 200, false on 403, throws otherwise', async () => {
    const open = { message: 'ok', sensitiveUntil: '2026-11-25T12:00:00.000Z' };
    let answer: () => Response | Error = () => Response.json(open);
    stubFetch({ '/api/auth/check-sensitive': () => answer() });
    await expect(checkSensitive()).resolves.toBe(true);
    // An answer that is not the contract's is not taken for an open window.
    answer = () => Response.json({});
    await expect(checkSensitive()).rejects.toThrow();
    answer = () => Response.json({ message: 'x' }, { status: 403 });
    await expect(checkSensitive()).resolves.toBe(false);
    answer = () => new Response('', { status: 500 });
    await expect(checkSensitive()).rejects.toThrow('500');
  });
});
