import { act, screen, waitFor } from '@testing-library/react';
import { resetToasts } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../features/auth/test-utils';
import { VerifyEmailPage } from './verify-email-page';

const routes = [{ path: '/verify-email', element: <VerifyEmailPage /> }];

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

describe('/verify-email', () => {
  it("no token: 'Verification failed' / 'No token provided.' and /auth", async () => {
    const api = stubApi({});
    renderWithApp('/verify-email', routes);
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByText('No token provided.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/));
    expect(api).not.toHaveBeenCalled();
  });

  it("server not ok: its message (or 'Invalid or expired token.') and /auth", async () => {
    stubApi({
      'POST /api/auth/verify-email': () =>
        Response.json(
          { message: 'This verification link has already been used.' },
          { status: 400 },
        ),
    });
    renderWithApp('/verify-email?token=abc', routes);
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByText('This verification link has already been used.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/));
  });

  it("server not ok without a message: 'Invalid or expired token.'", async () => {
    stubApi({ 'POST /api/auth/verify-email': () => new Response('', { status: 502 }) });
    renderWithApp('/verify-email?token=abc', routes);
    expect(await screen.findByText('Invalid or expired token.')).toBeInTheDocument();
  });

  it("success: 'Email verified!' / 'You can now log in.' and home; the token is sent once", async () => {
    const api = stubApi({
      'POST /api/auth/verify-email': () => Response.json({ message: 'ok' }),
    });
    renderWithApp('/verify-email?token=tok-123', routes);
    expect(await screen.findByText('Email verified!')).toBeInTheDocument();
    expect(screen.getByText('You can now log in.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(api).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({ token: 'tok-123' });
  });
});
