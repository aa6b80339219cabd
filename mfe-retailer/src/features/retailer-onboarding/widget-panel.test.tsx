import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import type { ApiKey, RetailerAccount } from 'shared-contracts/retailer';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { WidgetPanel } from './widget-panel';

const ACCOUNT: RetailerAccount = {
  id: '22222222-2222-4222-8222-222222222222',
  retailerId: 'acme-outfitters',
  businessName: 'Acme Outfitters',
  website: 'https://acme.example.com',
  contactName: 'Grace',
  contactEmail: 'grace@acme.example.com',
  contactPhone: '512 555 0100',
  stores: [],
  allowedDomains: ['shop.acme.example.com'],
  createdAt: '2026-11-01T12:00:00.000Z',
};

const publishableKey = (mode: 'test' | 'live', display: string): ApiKey => ({
  id:
    mode === 'test'
      ? '33333333-3333-4333-8333-333333333333'
      : '44444444-4444-4444-8444-444444444444',
  mode,
  kind: 'publishable',
  display,
  createdAt: '2026-11-01T12:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
  active: true,
});

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

it('rolls a publishable key after one was revoked, so the widget can run again', async () => {
  let keys: ApiKey[] = [publishableKey('live', 'pk_live_old')];
  const { calls } = mockFetch({
    'GET /api/retailer/api-keys': () => json(keys),
    'POST /api/retailer/api-keys/roll': () => {
      const key = publishableKey('test', 'pk_test_new');
      keys = [...keys, key];
      return json({ key, secret: key.display }, 201);
    },
  });
  const user = userEvent.setup();
  renderWithProviders(<WidgetPanel account={ACCOUNT} />);

  expect(await screen.findByText('pk_live_old')).toBeInTheDocument();
  expect(
    screen.queryByText('No active publishable key: roll one below so the widget can run.'),
  ).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Roll test publishable key' }));

  expect(await screen.findByText('New test publishable key is ready')).toBeInTheDocument();
  expect(await screen.findByText('pk_test_new')).toBeInTheDocument();
  const roll = calls.find((call) => call.key === 'POST /api/retailer/api-keys/roll');
  expect(JSON.parse(String(roll?.init?.body))).toEqual({
    mode: 'test',
    kind: 'publishable',
    graceHours: 0,
  });
});

it('says so when no publishable key is active', async () => {
  mockFetch({ 'GET /api/retailer/api-keys': () => json([]) });
  renderWithProviders(<WidgetPanel account={ACCOUNT} />);
  await waitFor(() =>
    expect(
      screen.getByText('No active publishable key: roll one below so the widget can run.'),
    ).toBeInTheDocument(),
  );
});

it('outside the password re-check window, sends the person to /re-authenticate and back here', async () => {
  mockFetch({
    'GET /api/retailer/api-keys': () => json([publishableKey('live', 'pk_live_old')]),
    // requireSensitiveAuth's answer: a stolen session alone cannot roll a key.
    'POST /api/retailer/api-keys/roll': () =>
      json({ message: 'Please confirm your password to continue.' }, 403),
  });
  const user = userEvent.setup();
  renderWithProviders(<WidgetPanel account={ACCOUNT} />, { path: '/retailer-onboarding#widget' });

  await user.click(await screen.findByRole('button', { name: 'Roll test publishable key' }));

  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/re-authenticate'));
  expect(JSON.parse(sessionStorage.getItem('redirectAfterSensitiveAuth') ?? 'null')).toBe(
    '/retailer-onboarding#widget',
  );
  // No error is shown for a refusal the re-check resolves.
  expect(screen.queryByText('Could not roll the key')).toBeNull();
});
