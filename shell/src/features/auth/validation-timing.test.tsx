import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { renderWithApp, stubApi } from './test-utils';

// A message that appears when a field loses focus moves the submit button from
// under the pointer, and the click that caused the blur is lost. The forms validate on submit
// first, then as the person corrects a field; nothing appears on blur.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  act(() => resetToasts());
});

describe('auth forms validate on submit, then on change', { timeout: 20_000 }, () => {
  it('Register: leaving a short password shows nothing; one click shows the messages', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    const onRegistered = vi.fn();
    renderWithApp('/auth', [
      { path: '/auth', element: <RegisterForm onRegistered={onRegistered} /> },
    ]);
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.tab(); // the blur a click on the button would cause
    expect(screen.queryByText('Username must be at least 3 characters')).toBeNull();
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeVisible();
    expect(screen.getByText('Password must be at least 8 characters')).toBeVisible();
    expect(api).not.toHaveBeenCalled();

    // After the first submit, a corrected field clears its message as the person types.
    await user.type(screen.getByLabelText('Username'), 'c');
    await waitFor(() =>
      expect(screen.queryByText('Username must be at least 3 characters')).toBeNull(),
    );
    expect(screen.getByText('Password must be at least 8 characters')).toBeVisible();
  });

  it('Register: valid values submit on the first click', async () => {
    const api = stubApi({
      'POST /api/auth/register': () => Response.json({ message: 'Check your inbox.' }),
    });
    const user = userEvent.setup();
    const onRegistered = vi.fn();
    renderWithApp('/auth', [
      { path: '/auth', element: <RegisterForm onRegistered={onRegistered} /> },
    ]);
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Username'), 'ada_l');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'Analytic@l1843');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('ada_l'));
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('Login: leaving the fields empty shows nothing until the first click', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithApp('/auth', [{ path: '/auth', element: <LoginForm /> }]);
    await user.click(screen.getByLabelText('Email or username'));
    await user.type(screen.getByLabelText('Password'), '123');
    await user.tab();
    expect(screen.queryByText('Email or username is required')).toBeNull();
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email or username is required')).toBeVisible();
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    expect(api).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email or username'), 'ada');
    await waitFor(() => expect(screen.queryByText('Email or username is required')).toBeNull());
  });
});
