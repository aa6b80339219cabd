import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi, TEST_USER } from '../features/auth/test-utils';
import { ReAuthenticatePage } from './re-authenticate-page';

const routes = [{ path: '/re-authenticate', element: <ReAuthenticatePage /> }];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  act(() => resetToasts());
});

describe('/re-authenticate', () => {
  it('verifies the password, toasts, and returns to redirectAfterSensitiveAuth', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('sensitiveAuthTime', '1');
    sessionStorage.setItem('redirectAfterSensitiveAuth', JSON.stringify('/wallet'));
    const api = stubApi({
      'GET /api/auth/me': () => Response.json({ user: TEST_USER }),
      'POST /api/auth/verify-recent': () =>
        Response.json({ message: 'ok', sensitiveUntil: new Date().toISOString() }),
    });
    const user = userEvent.setup();
    renderWithApp('/re-authenticate', routes);
    await user.type(await screen.findByLabelText('Password'), 'Secret#1');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Authentication successful')).toBeInTheDocument();
    expect(screen.getByText('You can now access sensitive information.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/wallet'));
    expect(sessionStorage.getItem('redirectAfterSensitiveAuth')).toBeNull();
    expect(Number(localStorage.getItem('sensitiveAuthTime'))).toBeGreaterThan(1);
    const call = api.mock.calls.find(([url]) => url === '/api/auth/verify-recent');
    expect(call?.[1]?.headers).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it('a double click on Verify checks the password once', async () => {
    localStorage.setItem('token', 'tok');
    sessionStorage.setItem('redirectAfterSensitiveAuth', JSON.stringify('/wallet'));
    let release: () => void = () => {};
    const api = stubApi({
      'GET /api/auth/me': () => Response.json({ user: TEST_USER }),
      'POST /api/auth/verify-recent': () =>
        new Promise((resolve) => {
          release = () =>
            resolve(Response.json({ message: 'ok', sensitiveUntil: new Date().toISOString() }));
        }),
    });
    // No pause between the clicks: the quickest double click.
    const user = userEvent.setup({ delay: null });
    renderWithApp('/re-authenticate', routes);
    await user.type(await screen.findByLabelText('Password'), 'Secret#1');
    const verify = screen.getByRole('button', { name: 'Verify' });
    await user.dblClick(verify);
    await waitFor(() => expect(verify).toHaveAttribute('aria-busy', 'true'));
    const checks = () => api.mock.calls.filter(([url]) => url === '/api/auth/verify-recent');
    expect(checks()).toHaveLength(1);
    release();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/wallet'));
    expect(checks()).toHaveLength(1);
  });

  it("a wrong password toasts 'Authentication failed' and stays", async () => {
    localStorage.setItem('token', 'tok');
    stubApi({
      'GET /api/auth/me': () => Response.json({ user: TEST_USER }),
      'POST /api/auth/verify-recent': () =>
        Response.json({ message: 'The password is incorrect.' }, { status: 403 }),
    });
    const user = userEvent.setup();
    renderWithApp('/re-authenticate', routes);
    await user.type(await screen.findByLabelText('Password'), 'Wrong#12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
    expect(screen.getByText('The password is incorrect.')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/re-authenticate');
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('Cancel goes home', async () => {
    localStorage.setItem('token', 'tok');
    stubApi({ 'GET /api/auth/me': () => Response.json({ user: TEST_USER }) });
    const user = userEvent.setup();
    renderWithApp('/re-authenticate', routes);
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('signed out: goes to /auth and comes back to the target after login', async () => {
    sessionStorage.setItem('redirectAfterSensitiveAuth', JSON.stringify('/wallet'));
    stubApi({});
    renderWithApp('/re-authenticate', routes);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth?mode=login'));
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('"/wallet"');
  });
});
