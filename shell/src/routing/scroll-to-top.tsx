import { useEffect, useRef } from 'react';
import { useLocation } from 'shared-ui/router';

/**
 * A new page starts at the top, or at the element its hash names (`/#chat` opens the support
 * widget instead). The page the document was loaded with is not moved: the browser placed it,
 * and the visitor may have scrolled the server's HTML before it hydrated, so moving it would pull
 * a pressed button from under the finger and lose the click.
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
