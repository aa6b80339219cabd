import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { intendedPath } from './link-intent';
import { RemotePreloader } from './remote-preloader';

function renderLinks() {
  const loader = { preload: vi.fn(async () => {}) };
  render(
    <>
      <RemotePreloader loader={loader} />
      <nav>
        <a href="/curbside-pickup">
          <span>Curbside</span>
        </a>
        <a href="/wallet?tab=history">Wallet</a>
        <a href="/auth">Login</a>
        <a href="https://x.com/curbrun">X</a>
        <a href="/landing" target="_blank" rel="noreferrer">
          Retailers (new tab)
        </a>
        <a href="/no-such-page">Nowhere</a>
      </nav>
    </>,
  );
  return loader;
}

describe('<RemotePreloader>', () => {
  it('preloads the remote behind a link hovered for a moment', async () => {
    const user = userEvent.setup();
    const loader = renderLinks();
    await user.hover(screen.getByText('Curbside'));
    await vi.waitFor(() => expect(loader.preload).toHaveBeenCalledWith('curbside'));
    expect(loader.preload).toHaveBeenCalledTimes(1);
  });

  it('ignores a pointer that only sweeps across a link', async () => {
    const user = userEvent.setup({ delay: null });
    const loader = renderLinks();
    await user.hover(screen.getByRole('link', { name: 'Wallet' }));
    await user.unhover(screen.getByRole('link', { name: 'Wallet' }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(loader.preload).not.toHaveBeenCalled();
  });

  it('preloads on keyboard focus, by the path without its query', async () => {
    const user = userEvent.setup();
    const loader = renderLinks();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Wallet' })).toHaveFocus();
    expect(loader.preload).toHaveBeenLastCalledWith('customer');
  });

  it('preloads for a link that was focused before it started listening', () => {
    document.body.innerHTML = '<a href="/landing">Retailers</a>';
    (document.querySelector('a') as HTMLAnchorElement).focus();
    const loader = { preload: vi.fn(async () => {}) };
    render(<RemotePreloader loader={loader} />);
    expect(loader.preload).toHaveBeenCalledWith('retailer');
    document.body.innerHTML = '';
  });

  it('preloads for a link that was under the pointer before it started listening', () => {
    document.body.innerHTML = '<a href="/curbside-pickup">Curbside</a>';
    const link = document.querySelector('a') as HTMLAnchorElement;
    // jsdom keeps no hover state: answer the `:hover` query as a browser would.
    const query = document.querySelectorAll.bind(document);
    const spy = vi
      .spyOn(document, 'querySelectorAll')
      .mockImplementation((selector: string) =>
        selector === 'a[href]:hover' ? ([link] as unknown as NodeListOf<Element>) : query(selector),
      );
    const loader = { preload: vi.fn(async () => {}) };
    render(<RemotePreloader loader={loader} />);
    expect(loader.preload).toHaveBeenCalledWith('curbside');
    spy.mockRestore();
    document.body.innerHTML = '';
  });

  it('leaves shell pages, other sites, new tabs and unknown paths alone', async () => {
    const user = userEvent.setup();
    const loader = renderLinks();
    for (const name of ['Login', 'X', 'Retailers (new tab)', 'Nowhere']) {
      screen.getByRole('link', { name }).focus();
      await user.hover(screen.getByRole('link', { name }));
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(loader.preload).not.toHaveBeenCalled();
  });

  it('stops listening when unmounted', async () => {
    const loader = { preload: vi.fn(async () => {}) };
    const { unmount } = render(<RemotePreloader loader={loader} />);
    unmount();
    const link = document.createElement('a');
    link.href = '/team';
    document.body.appendChild(link);
    link.focus();
    expect(loader.preload).not.toHaveBeenCalled();
    link.remove();
  });
});

describe('intendedPath', () => {
  it('finds the link around the event target', () => {
    const link = document.createElement('a');
    link.href = '/about-us#team';
    const inner = document.createElement('strong');
    link.appendChild(inner);
    expect(intendedPath(inner, window.location)).toBe('/about-us');
    expect(intendedPath(document.body, window.location)).toBeNull();
    link.setAttribute('download', '');
    expect(intendedPath(inner, window.location)).toBeNull();
  });
});
