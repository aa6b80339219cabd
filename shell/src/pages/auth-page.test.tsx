import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi, TEST_USER } from '../features/auth/test-utils';
import { AuthPage } from './auth-page';

const routes = [{ path: '/auth', element: <AuthPage /> }];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  act(() => resetToasts());
});

// userEvent types key by key; on a busy 2-core machine the longer flows need more than 5 s.
describe('/auth', { timeout: 20_000 }, () => {
  it('?mode=register selects Register; the tabs keep ?mode in step', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithApp('/auth?mode=register', routes);
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('form', { name: 'Register' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/auth?mode=login');
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
    // The marketing panel beside the tabs.
    for (const feature of [
      'Real-time delivery tracking',
      'Smart store and service matching',
      'Integrated payment system',
      'Wallet functionality',
    ]) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
  });

  it('shows the login validation messages', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithApp('/auth?mode=login', routes);
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email or username is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('logs in, stores the session and goes to redirectAfterLogin, then clears it', async () => {
    sessionStorage.setItem('redirectAfterLogin', JSON.stringify('/wallet?tab=cards'));
    let releaseLogin: () => void = () => {};
    const api = stubApi({
      'POST /api/auth/login': () =>
        new Promise((resolve) => {
          releaseLogin = () => resolve(Response.json({ token: 'tok', user: { id: 'u1' } }));
        }),
      'GET /api/auth/me': () => Response.json({ user: TEST_USER }),
    });
    const user = userEvent.setup();
    renderWithApp('/auth', routes);
    await user.type(await screen.findByLabelText('Email or username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'Secret#1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // Pending: the button is disabled and shows a spinner.
    const pending = await screen.findByRole('button', { name: /Login/ });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');
    releaseLogin();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/wallet?tab=cards'));
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('userID')).toBe('u1');
    expect(localStorage.getItem('sensitiveAuthTime')).toMatch(/^\d{13}$/);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
    const body = JSON.parse(String(api.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({ identifier: 'ada', password: 'Secret#1' });
  });

  it('goes home after login when nothing was remembered', async () => {
    stubApi({
      'POST /api/auth/login': () => Response.json({ token: 'tok', user: { id: 'u1' } }),
      'GET /api/auth/me': () => Response.json({ user: TEST_USER }),
    });
    const user = userEvent.setup();
    renderWithApp('/auth', routes);
    await user.type(await screen.findByLabelText('Email or username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'Secret#1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });

  it("a failed login toasts 'Login failed' with the server message and marks the form", async () => {
    stubApi({
      'POST /api/auth/login': () =>
        Response.json({ message: 'Invalid email/username or password.' }, { status: 401 }),
    });
    const user = userEvent.setup();
    renderWithApp('/auth', routes);
    await user.type(await screen.findByLabelText('Email or username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'Wrong#12');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const form = screen.getByRole('form', { name: 'Login' });
    expect(
      await within(form).findByText('Invalid email/username or password.'),
    ).toBeInTheDocument();
    const toasts = await screen.findAllByText('Login failed');
    expect(toasts.length).toBeGreaterThanOrEqual(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('where')).toHaveTextContent('/auth');
  });

  it('a signed-in visitor is sent home', async () => {
    localStorage.setItem('token', 'tok');
    sessionStorage.setItem('redirectAfterLogin', JSON.stringify('/wallet'));
    stubApi({ 'GET /api/auth/me': () => Response.json({ user: TEST_USER }) });
    renderWithApp('/auth', routes);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });

  it('registers: every validation message, the strength meter, then Login with the username', async () => {
    const api = stubApi({
      'POST /api/auth/register': () =>
        Response.json({ message: 'Check your email.' }, { status: 201 }),
    });
    const user = userEvent.setup();
    renderWithApp('/auth?mode=register', routes);
    const form = await screen.findByRole('form', { name: 'Register' });
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Username must be at least 3 characters',
      'Invalid email address',
      'Password must be at least 8 characters',
    ]) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
    const password = within(form).getByLabelText('Password');
    await user.type(password, 'abcdefgh');
    expect(
      await within(form).findByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Too Weak',
    );
    await user.clear(password);
    await user.type(password, 'Abcde1!x9zqw');
    expect(within(form).getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Strong',
    );

    // Show/hide.
    expect(password).toHaveAttribute('type', 'password');
    await user.click(within(form).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(within(form).getByRole('button', { name: 'Hide password' }));

    await user.type(within(form).getByLabelText('First name'), 'Ada');
    await user.type(within(form).getByLabelText('Last name'), 'Lovelace');
    await user.type(within(form).getByLabelText('Username'), 'ada_l');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.test');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration Successful')).toBeInTheDocument();
    expect(screen.getByText('Check your email.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth?mode=login'));
    expect(screen.getByLabelText('Email or username')).toHaveValue('ada_l');
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
      email: 'ada@example.test',
      password: 'Abcde1!x9zqw',
    });
  });

  // No pause between the clicks: the quickest double click. The button is disabled only once the
  // request is pending, after validation.
  it('a double click on Login signs in once', async () => {
    let releaseLogin: () => void = () => {};
    const api = stubApi({
      'POST /api/auth/login': () =>
        new Promise((resolve) => {
          releaseLogin = () => resolve(Response.json({ token: 'tok', user: { id: 'u1' } }));
        }),
      'GET /api/auth/me': () => Response.json({ user: TEST_USER }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp('/auth', routes);
    await user.type(await screen.findByLabelText('Email or username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'Secret#1');
    const login = screen.getByRole('button', { name: 'Login' });
    await user.dblClick(login);
    await waitFor(() => expect(login).toHaveAttribute('aria-busy', 'true'));
    const logins = () => api.mock.calls.filter(([url]) => url === '/api/auth/login');
    expect(logins()).toHaveLength(1);
    releaseLogin();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(logins()).toHaveLength(1);
  });

  it('a double click on Create account registers once (no "username taken" for the second)', async () => {
    let release: () => void = () => {};
    const api = stubApi({
      'POST /api/auth/register': () =>
        new Promise((resolve) => {
          release = () => resolve(Response.json({ message: 'Check your email.' }, { status: 201 }));
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp('/auth?mode=register', routes);
    const form = await screen.findByRole('form', { name: 'Register' });
    await user.type(within(form).getByLabelText('First name'), 'Ada');
    await user.type(within(form).getByLabelText('Last name'), 'Lovelace');
    await user.type(within(form).getByLabelText('Username'), 'ada_l');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.test');
    await user.type(within(form).getByLabelText('Password'), 'Abcde1!x9zqw');
    const create = within(form).getByRole('button', { name: 'Create account' });
    await user.dblClick(create);
    await waitFor(() => expect(create).toHaveAttribute('aria-busy', 'true'));
    const registrations = () => api.mock.calls.filter(([url]) => url === '/api/auth/register');
    expect(registrations()).toHaveLength(1);
    release();
    expect(await screen.findByText('Registration Successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth?mode=login'));
    expect(registrations()).toHaveLength(1);
  });

  it('a taken username is toasted and marked on its field', async () => {
    stubApi({
      'POST /api/auth/register': () =>
        Response.json(
          {
            message: 'That username is already taken. Please choose another one.',
            issues: [
              {
                path: 'username',
                message: 'That username is already taken. Please choose another one.',
              },
            ],
          },
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    renderWithApp('/auth?mode=register', routes);
    const form = await screen.findByRole('form', { name: 'Register' });
    await user.type(within(form).getByLabelText('First name'), 'Ada');
    await user.type(within(form).getByLabelText('Last name'), 'Lovelace');
    await user.type(within(form).getByLabelText('Username'), 'demo');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.test');
    await user.type(within(form).getByLabelText('Password'), 'Abcde1!x9zqw');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    const username = within(form).getByLabelText('Username');
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(form).getAllByText('That username is already taken. Please choose another one.'),
    ).toHaveLength(1);
  });
});
