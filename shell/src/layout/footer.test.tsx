import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter, ownedByReact, serverRenderedRoot } from 'shared-auth/testing';
import { forgetServerHtml, theme } from 'shared-ui';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOOTER_LINKS, Footer } from './footer';

const footer = (
  <ThemeProvider theme={theme}>
    <MemoryRouter initialEntries={['/']}>
      <Footer />
    </MemoryRouter>
  </ThemeProvider>
);

afterEach(() => {
  forgetServerHtml();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the footer', () => {
  it("rendered in the browser: every link of the site's frame", () => {
    render(footer);
    const info = screen.getByRole('contentinfo');
    for (const { to, label } of FOOTER_LINKS) {
      expect(within(info).getByRole('link', { name: label })).toHaveAttribute('href', to);
    }
  });

  it('server-rendered: taken over as the server sent it, without hydrating what is inside', async () => {
    const root = serverRenderedRoot(footer);
    const sent = root.innerHTML;
    const link = root.querySelector('a[href="/team"]');
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(root, footer, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(root.innerHTML).toBe(sent);
    // The same element, and React owns the footer but nothing inside it.
    expect(root.querySelector('a[href="/team"]')).toBe(link);
    const info = screen.getByRole('contentinfo');
    expect(ownedByReact(info)).toBe(true);
    expect(ownedByReact(link)).toBe(false);
  });

  it("keeps the server's footer when the app renders it again from nothing", async () => {
    const root = serverRenderedRoot(footer);
    const sent = root.innerHTML;
    const hydrated = await act(async () => hydrateRoot(root, footer));
    act(() => hydrated.unmount());
    expect(root.innerHTML).toBe('');
    render(footer, { container: root });
    expect(root.innerHTML).toBe(sent);
  });
});
