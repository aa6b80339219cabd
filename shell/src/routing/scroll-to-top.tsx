import { useEffect } from 'react';
import { useLocation } from 'shared-ui/router';

/**
 * A new page starts at the top, as a full page load would. A hash that names an element on the page
 * scrolls to it instead; any other hash (`/#chat` opens the support widget) still starts at the top.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const id = hash.slice(1);
    const target = id ? document.getElementById(decodeURIComponent(id)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
