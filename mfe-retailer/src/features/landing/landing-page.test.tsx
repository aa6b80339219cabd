import { act, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import {
  MemoryRouter,
  ownedByReact,
  renderWithProviders,
  serverRenderedRoot,
} from 'shared-auth/testing';
import { forgetServerHtml, theme } from 'shared-ui';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from './landing-page';

beforeEach(() => {
  // Defined, not assigned: a test file before this one in the worker (user-event) may have left a
  // getter-only clipboard on the shared navigator.
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: vi.fn().mockResolvedValue(undefined) },
  });
});
afterEach(() => vi.useRealTimers());

it('shows the landing copy and links every call to action to its page', () => {
  renderWithProviders(<LandingPage />, { path: '/landing' });
  expect(
    screen.getByRole('heading', { level: 1, name: 'Delivery for Your Checkout' }),
  ).toBeVisible();
  for (const text of ['5 min', '10%', '97%', '250+']) expect(screen.getByText(text)).toBeVisible();
  for (const title of ['RESTful endpoints', 'Secure authentication', 'Documentation', 'Webhooks']) {
    expect(screen.getByRole('heading', { name: title })).toBeVisible();
  }
  expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
    'href',
    '/checkout-widget',
  );
  expect(screen.getByRole('link', { name: 'Create Checkout Widget' })).toHaveAttribute(
    'href',
    '/checkout-widget',
  );
  expect(screen.getByRole('link', { name: 'View API Docs' })).toHaveAttribute('href', '/api-docs');
  expect(screen.getByRole('link', { name: 'View Live Demo' })).toHaveAttribute(
    'href',
    '/delivery-tracking-dashboard',
  );
});

it('copies the checkout-initialize request and confirms for 2 seconds', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  renderWithProviders(<LandingPage />, { path: '/landing' });
  fireEvent.click(screen.getByRole('button', { name: 'Copy the example checkout request' }));
  expect(await screen.findByText('Copied!')).toBeVisible();
  const copied = vi.mocked(navigator.clipboard.writeText).mock.calls[0]?.[0] ?? '';
  expect(copied).toContain('curl -X POST');
  expect(copied).toContain('Authorization: Bearer <api key>');
  const body = JSON.parse(copied.slice(copied.indexOf("-d '") + 4, copied.lastIndexOf("'")));
  expect(Object.keys(body)).toEqual(['retailer_id', 'order_items', 'customer_info']);
  act(() => {
    vi.advanceTimersByTime(1_900);
  });
  expect(screen.getByText('Copied!')).toBeVisible();
  act(() => {
    vi.advanceTimersByTime(200);
  });
  expect(screen.queryByText('Copied!')).toBeNull();
});

describe('server-rendered', () => {
  const page = (
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={['/landing']}>
        <LandingPage />
      </MemoryRouter>
    </ThemeProvider>
  );
  afterEach(() => {
    forgetServerHtml();
    document.body.replaceChildren();
  });

  it('hydrates the heading and the copy button, and keeps the figures, features, steps and call to action as sent', async () => {
    const root = serverRenderedRoot(page);
    const keptParts = () =>
      [...root.querySelectorAll('[data-server-html]')].map((part) => part.outerHTML);
    const sent = keptParts();
    expect(sent).toHaveLength(4);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(root, page, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(keptParts()).toEqual(sent);
    expect(ownedByReact(screen.getByRole('heading', { level: 1 }))).toBe(true);
    expect(
      ownedByReact(screen.getByRole('button', { name: 'Copy the example checkout request' })),
    ).toBe(true);
    for (const kept of [
      screen.getByText('97%'),
      screen.getByRole('heading', { name: 'Webhooks' }),
      screen.getByRole('heading', { name: 'Initialize a checkout' }),
      screen.getByRole('link', { name: 'Create Checkout Widget' }),
    ]) {
      expect(ownedByReact(kept)).toBe(false);
    }
  });
});
