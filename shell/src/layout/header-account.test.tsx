import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SensitiveRoute } from 'shared-auth';
import { resetToasts } from 'shared-ui';
import { Route, Routes } from 'shared-ui/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi, TEST_USER } from '../features/auth/test-utils';
import { HeaderAccount } from './header-account';

const routes = [{ path: '*', element: <HeaderAccount /> }];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  act(() => resetToasts());
});

describe('the signed-in header', () => {
  it('signed out: only the Login button', async () => {
    stubApi({});
    renderWithApp('/', routes);
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByTestId('avatar')).not.toBeInTheDocument();
  });

  it('a pulsing placeholder while auth loads', async () => {
    localStorage.setItem('token', 'tok');
    stubApi({ 'GET /api/auth/me': () => new Promise(() => {}) });
    renderWithApp('/', routes);
    expect(screen.getByTestId('avatar-placeholder')).toBeInTheDocument();
  });

  it('shows the pickup buttons and an avatar menu that a keyboard can use', async () => {
    localStorage.setItem('token', 'tok');
    stubApi({ 'GET /api/auth/me': () => Response.json({ user: TEST_USER }) });
    const user = userEvent.setup();
    renderWithApp('/', routes);
    const avatar = await screen.findByRole('button', {
      name: 'Account menu for Ada Lovelace, AL',
    });
    expect(avatar).toHaveTextContent('AL');
    const pickups = [
      ['Schedule a Pickup', '/schedule-pickup'],
      ['Curbside Pickup', '/curbside-pickup'],
      ['Pickup History', '/pickup-history'],
    ] as const;
    // Wide screens: three buttons (jsdom applies no media queries, so they count as hidden here;
    // the Playwright suite checks both widths).
    for (const [name, href] of pickups) {
      expect(screen.getByRole('link', { name, hidden: true })).toHaveAttribute('href', href);
    }
    // Narrow screens: the same three in one menu.
    await user.click(screen.getByRole('button', { name: 'Pickups menu' }));
    const pickupMenu = await screen.findByRole('menu');
    for (const [name, href] of pickups) {
      expect(within(pickupMenu).getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    avatar.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Add a delivery address' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute(
      'href',
      '/wallet',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Wallet' })).toHaveAttribute(
      'href',
      '/wallet',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(menu).getByText('ada@example.test')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(avatar).toHaveFocus();
  });

  it('shows the saved street address instead of the link', async () => {
    localStorage.setItem('token', 'tok');
    stubApi({
      'GET /api/auth/me': () =>
        Response.json({ user: { ...TEST_USER, defaultAddressLine: '12 Elm St, Austin' } }),
    });
    const user = userEvent.setup();
    renderWithApp('/', routes);
    await user.click(await screen.findByTestId('avatar'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('12 Elm St, Austin')).toBeInTheDocument();
    expect(within(menu).queryByText('Add a delivery address')).not.toBeInTheDocument();
  });

  it('Log out ends the session, toasts and goes home, even from a guarded page', async () => {
    localStorage.setItem('token', 'tok');
    stubApi({
      'GET /api/auth/me': () => Response.json({ user: TEST_USER }),
      'GET /api/auth/check-sensitive': () =>
        Response.json({ message: 'ok', sensitiveUntil: new Date().toISOString() }),
      'POST /api/auth/logout': () => Response.json({ message: 'You have been logged out.' }),
    });
    const user = userEvent.setup();
    // A bug once sent people to /auth here: the wallet's guard saw the sign-out before home did.
    // The header stays mounted across pages, as in the shell's layout.
    renderWithApp('/wallet', [
      {
        path: '*',
        element: (
          <>
            <HeaderAccount />
            <Routes>
              <Route
                path="/wallet"
                element={
                  <SensitiveRoute>
                    <h1>Wallet</h1>
                  </SensitiveRoute>
                }
              />
              <Route path="/" element={<h1>Home</h1>} />
            </Routes>
          </>
        ),
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeInTheDocument();
    await user.click(await screen.findByTestId('avatar'));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Logout successful')).toBeInTheDocument();
    expect(screen.getByText('You have been logged out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
