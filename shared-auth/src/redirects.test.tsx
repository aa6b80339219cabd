import { fireEvent, render, screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'shared-ui/router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AuthDetour,
  takeRedirectAfterLogin,
  takeRedirectAfterSensitiveAuth,
  useSendToAuth,
} from './redirects';
import { MemoryRouter } from './testing';

/** A page with a button that takes the detour, and the router's location on screen. */
function Page({
  detour,
  returnTo,
  replace,
}: {
  detour: AuthDetour;
  returnTo: string;
  replace?: boolean;
}) {
  const sendToAuth = useSendToAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <button type="button" onClick={() => sendToAuth(detour, returnTo, { replace })}>
        Continue
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>
    </>
  );
}

function renderPage(
  props: { detour: AuthDetour; returnTo: string; replace?: boolean },
  history = ['/wallet?tab=cards'],
) {
  render(
    <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
      <Page {...props} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

afterEach(() => {
  sessionStorage.clear();
});

describe('useSendToAuth', () => {
  it('sign-in: goes to /auth and keeps the page as redirectAfterLogin', () => {
    renderPage({ detour: 'sign-in', returnTo: '/schedule-pickup' });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('"/schedule-pickup"');
    expect(sessionStorage.getItem('redirectAfterSensitiveAuth')).toBeNull();
    expect(takeRedirectAfterLogin()).toBe('/schedule-pickup');
  });

  it('re-authenticate: goes to /re-authenticate and keeps the page as redirectAfterSensitiveAuth', () => {
    renderPage({ detour: 're-authenticate', returnTo: '/settings#email' });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/re-authenticate$/);
    expect(sessionStorage.getItem('redirectAfterSensitiveAuth')).toBe('"/settings#email"');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
    expect(takeRedirectAfterSensitiveAuth()).toBe('/settings#email');
  });

  it('adds a history entry, so Back returns to the page', () => {
    renderPage({ detour: 'sign-in', returnTo: '/wallet?tab=cards' }, ['/', '/wallet?tab=cards']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/wallet\?tab=cards$/);
  });

  it('with replace (a guard), Back skips the page it stood in for', () => {
    renderPage({ detour: 'sign-in', returnTo: '/wallet?tab=cards', replace: true }, [
      '/',
      '/wallet?tab=cards',
    ]);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('never keeps a path off the site: after login the person goes home', () => {
    renderPage({ detour: 'sign-in', returnTo: '//evil.example/phish' });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
    expect(takeRedirectAfterLogin()).toBe('/');
  });
});
