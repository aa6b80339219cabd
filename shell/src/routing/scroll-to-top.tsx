import { useEffect, useRef } from 'react';
import { useLocation } from 'shared-ui/router';

/**
 * A new page starts at the top, as a full page load would. A hash that names an element on the page
 * scrolls to it instead; any other hash (`/#chat` opens the support widget) still starts at the top.
 *
 * The page the document was loaded with is not moved: the browser has placed it already (at the
 * top, at the hash's target, or where it was before a reload or a step back), and since the server
 * renders it (ADR 010) the visitor may have scrolled it before it hydrated. Scrolling it to the top
 * on hydration moved the page under a press: a button pressed while the page hydrated was no longer
 * under the finger when it lifted, and the click was lost (the registration form's "Create account",
 * scrolled into view, never submitted). Only a page rendered in the browser, still at the top, is
 * taken to the element its hash names.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // The document's own page, until the first navigation inside the site.
  const loaded = useRef<{ pathname: string; hash: string } | null>({ pathname, hash });
  useEffect(() => {
    const id = hash.slice(1);
    const target = id ? document.getElementById(decodeURIComponent(id)) : null;
    const first = loaded.current;
    if (first && first.pathname === pathname && first.hash === hash) {
      if (target && window.scrollX === 0 && window.scrollY === 0) target.scrollIntoView();
      return;
    }
    loaded.current = null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
