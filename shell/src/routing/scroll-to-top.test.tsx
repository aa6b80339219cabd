import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'shared-auth/testing';
import { useNavigate } from 'shared-ui/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** Renders ScrollToTop on `path`, the page the document loaded with; returns the site's navigate. */
function loadPage(path: string) {
  let navigate: ReturnType<typeof useNavigate> = () => {};
  function Navigator() {
    navigate = useNavigate();
    return null;
  }
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <ScrollToTop />
        <Navigator />
      </MemoryRouter>
    </StrictMode>,
  );
  return (to: string) => act(() => navigate(to));
}

function section(id: string) {
  const element = document.createElement('section');
  element.id = id;
  element.scrollIntoView = vi.fn();
  document.body.appendChild(element);
  return element;
}

/** The visitor (or the browser, restoring a reload) has scrolled the page down. */
function scrolledDown() {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(430);
}

describe('<ScrollToTop>', () => {
  it('leaves the page the document loaded with where it is when it hydrates', () => {
    // The server rendered /auth and the visitor scrolled to "Create account" before the page
    // hydrated: moving the page then takes the button from under the press (the click is lost).
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    scrolledDown();
    loadPage('/auth?mode=register');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('starts a new page at the top, also when its hash names nothing on the page', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const go = loadPage('/about-us');
    scrollTo.mockClear();
    go('/#chat');
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
    // Back to the page the document loaded with: a new page by now.
    go('/about-us');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('scrolls to the element a hash names', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const faq = section('faq');
    const go = loadPage('/about-us');
    scrollTo.mockClear();
    go('/help-center#faq');
    expect(faq.scrollIntoView).toHaveBeenCalledOnce();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("takes the document's page to its hash's element only while nobody has moved it", () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const faq = section('faq');
    // Rendered in the browser (a static host), still at the top: the browser could not scroll there.
    loadPage('/help-center#faq');
    expect(faq.scrollIntoView).toHaveBeenCalled();
    document.body.innerHTML = '';

    // Already scrolled (by the browser to the server's element, or by the visitor): left alone.
    const again = section('faq');
    scrolledDown();
    loadPage('/help-center#faq');
    expect(again.scrollIntoView).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
