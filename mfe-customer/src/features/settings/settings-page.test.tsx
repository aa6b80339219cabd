import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn, TEST_USER } from 'shared-auth/testing';
import { DEFAULT_NOTIFICATION_PREFERENCES } from 'shared-contracts/settings';
import { USER_MESSAGES } from 'shared-contracts/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from './settings-page';

const PROFILE = { ...TEST_USER, pendingEmail: null, createdAt: '2026-01-01T00:00:00.000Z' };
const HOME = {
  id: '77777777-7777-4777-8777-777777777777',
  label: 'Home',
  line1: '9100 Skillman St',
  line2: null,
  city: 'Dallas',
  state: 'TX',
  zip: '75231',
  instructions: null,
  location: { lat: 32.8757, lng: -96.7496 },
  metroArea: 'Dallas–Fort Worth',
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const WORK = {
  ...HOME,
  id: '88888888-8888-4888-8888-888888888888',
  label: 'Work',
  line1: '1200 Main St',
  zip: '75202',
  isDefault: false,
};

function baseRoutes(overrides: Parameters<typeof mockFetch>[0] = {}) {
  return {
    'GET /api/users/me': () => json(PROFILE),
    'GET /api/addresses': () => json([HOME, WORK]),
    'GET /api/users/me/notification-preferences': () =>
      json({ mobileNumber: null, events: DEFAULT_NOTIFICATION_PREFERENCES }),
    'GET /api/auth/check-sensitive': () =>
      json({ message: 'ok', sensitiveUntil: '2099-01-01T00:00:00.000Z' }),
    ...overrides,
  };
}

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('SettingsPage', () => {
  it('saves the profile and refreshes the header', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(
      baseRoutes({
        'PATCH /api/users/me': ({ init }) =>
          json({ ...PROFILE, ...JSON.parse(String(init?.body)) }),
      }),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    const first = await screen.findByLabelText('First name', {}, { timeout: 5_000 });
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await user.type(first, 'Robin');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === 'PATCH /api/users/me')).toBe(true),
    );
    const patch = calls.find((call) => call.key === 'PATCH /api/users/me');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({
      firstName: 'Robin',
      lastName: 'Rivera',
      username: 'dana',
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'GET /api/auth/me').length).toBeGreaterThan(1),
    );
  });

  it('sends an email change only inside the sensitive window, else to /re-authenticate', async () => {
    const user = userEvent.setup();
    mockFetch(
      baseRoutes({
        'GET /api/auth/check-sensitive': () =>
          json({ message: 'Please confirm your password to continue.' }, 403),
      }),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Confirm password to change email' },
        { timeout: 5_000 },
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/re-authenticate'),
    );
    expect(JSON.parse(sessionStorage.getItem('redirectAfterSensitiveAuth') ?? 'null')).toBe(
      '/settings#email',
    );
  });

  it('changes the email with a link to the new address', async () => {
    const user = userEvent.setup();
    let pending: string | null = null;
    mockFetch(
      baseRoutes({
        'GET /api/users/me': () => json({ ...PROFILE, pendingEmail: pending }),
        'POST /api/users/me/email': ({ init }) => {
          pending = JSON.parse(String(init?.body)).email;
          return json({
            message: `We sent a verification link to ${pending}. Your email changes once you open it.`,
            pendingEmail: pending,
          });
        },
      }),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    const field = await screen.findByLabelText('New email address', {}, { timeout: 5_000 });
    await user.type(field, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'dana.new@example.test');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Waiting for confirmation')).toBeInTheDocument();
    expect(screen.getByTestId('current-email')).toHaveTextContent('dana@example.test');
  });

  it('makes another address the default (the avatar menu line comes from /api/auth/me)', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(
      baseRoutes({
        [`PATCH /api/addresses/${WORK.id}`]: () => json({ ...WORK, isDefault: true }),
      }),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    const list = await screen.findByRole('list', { name: 'Saved addresses' }, { timeout: 5_000 });
    expect(within(list).getAllByTestId('saved-address')[0]).toHaveTextContent('Default');
    const meCalls = () => calls.filter((call) => call.key === 'GET /api/auth/me').length;
    const before = meCalls();
    await user.click(
      within(list).getByRole('button', { name: 'Make 1200 Main St the default address' }),
    );
    await waitFor(() => expect(meCalls()).toBeGreaterThan(before));
    const patch = calls.find((call) => call.key === `PATCH /api/addresses/${WORK.id}`);
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ isDefault: true });
  });

  it('needs a mobile number before text messages can be turned on', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(
      baseRoutes({
        'PUT /api/users/me/notification-preferences': ({ init }) =>
          json(JSON.parse(String(init?.body))),
      }),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Delivery progress by SMS' }, { timeout: 5_000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Save notification preferences' }));
    expect(await screen.findByText('Add a mobile number to get text messages')).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);
    await user.type(screen.getByLabelText('Mobile number for text messages'), '+1 214 555 0100');
    await user.click(screen.getByRole('button', { name: 'Save notification preferences' }));
    await waitFor(() => expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(true));
    const put = calls.find((call) => call.key.startsWith('PUT'));
    expect(JSON.parse(String(put?.init?.body)).events.delivery_updates).toEqual({
      email: true,
      sms: true,
    });
  });

  it('checks the new password twice and with the registration rules', async () => {
    const user = userEvent.setup();
    mockFetch(
      baseRoutes({ 'POST /api/users/me/password': () => json({ message: 'Password changed.' }) }),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await user.type(
      await screen.findByLabelText('Current password', {}, { timeout: 5_000 }),
      'Old@Pass2026',
    );
    await user.type(screen.getByLabelText('New password'), 'weak');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
  });

  it('deletes the account after confirmation and signs out', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(
      baseRoutes({ 'DELETE /api/users/me': () => json({ message: 'Your account was deleted.' }) }),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings', route: '/settings' });
    await user.click(
      await screen.findByRole('button', { name: 'Delete my account' }, { timeout: 5_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Your password'), 'Old@Pass2026');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(
      await within(dialog).findByText('Type DELETE to confirm', { selector: 'p' }),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const sent = calls.find((call) => call.key === 'DELETE /api/users/me');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      password: 'Old@Pass2026',
      confirmation: 'DELETE',
    });
  });
});

/** An answer the test gives when it wants: the request stays pending until then. */
function held() {
  let answer: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

/**
 * A double click on a submit button: the button is disabled only once the request is pending,
 * after the form is validated, so without a guard the second click would send the request
 * again. Each form sends one request, shows it is busy, then says how it went.
 */
/**
 * No pause between the clicks (the quickest double click): whether a second request went out must
 * not depend on how fast validation happened to finish on the test machine.
 */
const fastUser = () => userEvent.setup({ delay: null });

describe('SettingsPage: a double click sends one request', () => {
  const sent = (calls: Array<{ key: string }>, key: string) =>
    calls.filter((call) => call.key === key).length;

  it('saves the profile once', async () => {
    const user = fastUser();
    const answer = held();
    const { calls } = mockFetch(baseRoutes({ 'PATCH /api/users/me': () => answer.promise }));
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await user.type(await screen.findByLabelText('Last name', {}, { timeout: 5_000 }), 'son');
    const save = screen.getByRole('button', { name: 'Save profile' });
    await user.dblClick(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
    expect(sent(calls, 'PATCH /api/users/me')).toBe(1);
    answer.answer(json({ ...PROFILE, lastName: 'Riverason' }));
    expect(await screen.findByText(USER_MESSAGES.profileSaved)).toBeInTheDocument();
    expect(sent(calls, 'PATCH /api/users/me')).toBe(1);
  });

  it('sends one email change link', async () => {
    const user = fastUser();
    const answer = held();
    const { calls } = mockFetch(baseRoutes({ 'POST /api/users/me/email': () => answer.promise }));
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await user.type(
      await screen.findByLabelText('New email address', {}, { timeout: 5_000 }),
      'dana.new@example.test',
    );
    const change = screen.getByRole('button', { name: 'Change email' });
    await user.dblClick(change);
    await waitFor(() => expect(change).toHaveAttribute('aria-busy', 'true'));
    expect(sent(calls, 'POST /api/users/me/email')).toBe(1);
    answer.answer(
      json({ message: 'We sent a verification link.', pendingEmail: 'dana.new@example.test' }),
    );
    expect(await screen.findByText('Check your new inbox')).toBeInTheDocument();
    expect(sent(calls, 'POST /api/users/me/email')).toBe(1);
  });

  it('changes the password once', async () => {
    const user = fastUser();
    const answer = held();
    const { calls } = mockFetch(
      baseRoutes({ 'POST /api/users/me/password': () => answer.promise }),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await user.type(
      await screen.findByLabelText('Current password', {}, { timeout: 5_000 }),
      'Old@Pass2026',
    );
    await user.type(screen.getByLabelText('New password'), 'New@Pass2026!');
    await user.type(screen.getByLabelText('Confirm new password'), 'New@Pass2026!');
    const change = screen.getByRole('button', { name: 'Change password' });
    await user.dblClick(change);
    await waitFor(() => expect(change).toHaveAttribute('aria-busy', 'true'));
    expect(sent(calls, 'POST /api/users/me/password')).toBe(1);
    answer.answer(json({ message: 'Password changed.' }));
    expect(await screen.findByText('Password changed.')).toBeInTheDocument();
    expect(sent(calls, 'POST /api/users/me/password')).toBe(1);
  });

  it('adds an address once', async () => {
    const user = fastUser();
    const answer = held();
    const { calls } = mockFetch(baseRoutes({ 'POST /api/addresses': () => answer.promise }));
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await user.click(
      await screen.findByRole('button', { name: 'Add an address' }, { timeout: 5_000 }),
    );
    const form = screen.getByRole('form', { name: 'Add address' });
    await user.type(within(form).getByLabelText('Street address'), '4500 Main St');
    await user.type(within(form).getByLabelText('City'), 'Houston');
    await user.type(within(form).getByLabelText('ZIP code'), '77002');
    const add = within(form).getByRole('button', { name: 'Add address' });
    await user.dblClick(add);
    await waitFor(() => expect(add).toHaveAttribute('aria-busy', 'true'));
    expect(sent(calls, 'POST /api/addresses')).toBe(1);
    answer.answer(json({ ...WORK, id: '99999999-9999-4999-8999-999999999999' }, 201));
    expect(await screen.findByText('Address added')).toBeInTheDocument();
    expect(sent(calls, 'POST /api/addresses')).toBe(1);
  });

  it('saves an edited address once', async () => {
    const user = fastUser();
    const answer = held();
    const { calls } = mockFetch(
      baseRoutes({ [`PATCH /api/addresses/${WORK.id}`]: () => answer.promise }),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await user.click(
      await screen.findByRole('button', { name: 'Edit 1200 Main St' }, { timeout: 5_000 }),
    );
    const form = screen.getByRole('form', { name: 'Save address' });
    await user.type(within(form).getByLabelText('Label (optional)'), ' office');
    const save = within(form).getByRole('button', { name: 'Save address' });
    await user.dblClick(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
    expect(sent(calls, `PATCH /api/addresses/${WORK.id}`)).toBe(1);
    answer.answer(json({ ...WORK, label: 'Work office' }));
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    expect(sent(calls, `PATCH /api/addresses/${WORK.id}`)).toBe(1);
  });

  it('deletes the account with one request', async () => {
    const user = fastUser();
    const answer = held();
    const { calls } = mockFetch(baseRoutes({ 'DELETE /api/users/me': () => answer.promise }));
    renderWithProviders(<SettingsPage />, { path: '/settings', route: '/settings' });
    await user.click(
      await screen.findByRole('button', { name: 'Delete my account' }, { timeout: 5_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Your password'), 'Old@Pass2026');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    const remove = within(dialog).getByRole('button', { name: 'Delete account' });
    await user.dblClick(remove);
    await waitFor(() => expect(remove).toHaveAttribute('aria-busy', 'true'));
    expect(sent(calls, 'DELETE /api/users/me')).toBe(1);
    answer.answer(json({ message: 'Your account was deleted.' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(sent(calls, 'DELETE /api/users/me')).toBe(1);
  });
});
