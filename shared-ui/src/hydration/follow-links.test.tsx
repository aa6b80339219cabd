import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from '../router';
import { useFollowLinks } from './follow-links';

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="where">{`${pathname}${search}${hash}`}</output>;
}

/** Plain HTML links, as a part left unhydrated has them, inside an element that follows them. */
function PlainLinks() {
  const followLinks = useFollowLinks();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the links inside are what a person uses; their clicks, Enter on a focused link included, bubble to this one handler.
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above: a link's Enter is a click.
    <div
      data-testid="links"
      onClick={followLinks}
      dangerouslySetInnerHTML={{
        __html: [
          '<a href="/team">Our Team</a>',
          '<a href="/help-center?topic=pin#pin">PIN help</a>',
          '<a href="https://x.com/curbrun">X</a>',
          '<a href="/robot-leasing" target="_blank">New tab</a>',
          '<a href="/brochure.pdf" download>Brochure</a>',
          '<span>Not a link</span>',
        ].join(''),
      }}
    />
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Where />
              <PlainLinks />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;

/**
 * Clicks `name`'s link; whether the browser was left to follow it (its default not prevented by
 * the time the click reached the document). The document then stops it: jsdom cannot load pages.
 */
function click(name: string, init: MouseEventInit = {}): boolean {
  let leftToBrowser = false;
  const atDocument = (event: MouseEvent) => {
    leftToBrowser = !event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', atDocument);
  fireEvent.click(screen.getByText(name), { button: 0, ...init });
  document.removeEventListener('click', atDocument);
  return leftToBrowser;
}

describe('useFollowLinks', () => {
  it('sends a click on a same-site link through the router, with its query and hash', () => {
    renderAt('/');
    expect(click('Our Team')).toBe(false);
    expect(where()).toBe('/team');
    expect(click('PIN help')).toBe(false);
    expect(where()).toBe('/help-center?topic=pin#pin');
  });

  it('leaves to the browser what the router would: other sites, new tabs, downloads, modified clicks', () => {
    renderAt('/about-us');
    expect(click('X')).toBe(true);
    expect(click('New tab')).toBe(true);
    expect(click('Brochure')).toBe(true);
    expect(click('Our Team', { ctrlKey: true })).toBe(true);
    expect(click('Our Team', { metaKey: true })).toBe(true);
    expect(click('Our Team', { shiftKey: true })).toBe(true);
    expect(click('Our Team', { button: 1 })).toBe(true);
    expect(where()).toBe('/about-us');
  });

  it('ignores clicks that are not on a link', () => {
    renderAt('/about-us');
    expect(click('Not a link')).toBe(true);
    expect(where()).toBe('/about-us');
  });
});
