import { render } from '@testing-library/react';
import { MemoryRouter } from 'shared-client/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('<ScrollToTop>', () => {
  it('starts a new page at the top, also when its hash names nothing on the page', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/#chat']}>
        <ScrollToTop />
      </MemoryRouter>,
    );
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the element a hash names', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const section = document.createElement('section');
    section.id = 'faq';
    section.scrollIntoView = vi.fn();
    document.body.appendChild(section);
    render(
      <MemoryRouter initialEntries={['/help-center#faq']}>
        <ScrollToTop />
      </MemoryRouter>,
    );
    expect(section.scrollIntoView).toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
