import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import {
  MemoryRouter,
  ownedByReact,
  renderWithProviders,
  serverRenderedRoot,
} from 'shared-auth/testing';
import { forgetServerHtml, theme } from 'shared-ui';
import { ThemeProvider } from 'styled-components';
import { afterEach, expect, it, vi } from 'vitest';
import { AboutPage } from './about-us-page';

const page = (
  <ThemeProvider theme={theme}>
    <MemoryRouter initialEntries={['/about-us']}>
      <AboutPage />
    </MemoryRouter>
  </ThemeProvider>
);

afterEach(() => {
  forgetServerHtml();
  document.body.replaceChildren();
});

it('rendered in the browser: the heading, every section and the calls to action', () => {
  renderWithProviders(<AboutPage />, { path: '/about-us' });
  expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  for (const title of [
    'From the store to you in five steps',
    'Our partners',
    'Our values',
    'Everything in one service',
  ]) {
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  expect(screen.getByRole('link', { name: 'Schedule a Pickup' })).toHaveAttribute(
    'href',
    '/schedule-pickup',
  );
});

it('server-rendered: hydrates the heading and keeps the text sections as sent', async () => {
  const root = serverRenderedRoot(page);
  const sent = root.innerHTML;
  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(root, page, { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(root.innerHTML).toBe(sent);
  expect(ownedByReact(screen.getByRole('heading', { level: 1 }))).toBe(true);
  for (const id of ['about-how', 'about-partners', 'about-values', 'about-features']) {
    const section = root.querySelector(`#${id}`);
    const heading = section?.querySelector('h2');
    expect(ownedByReact(section)).toBe(true);
    expect(ownedByReact(heading)).toBe(false);
  }
});
