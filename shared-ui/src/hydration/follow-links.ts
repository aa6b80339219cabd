import type { MouseEvent } from 'react';
import { useNavigate } from '../router';
import { sameSiteLink } from './same-site-link';

/**
 * Where a click on a same-site link should go inside the app (path, query and hash), or null when
 * the browser should handle it: another site, a new tab or window, a download, a modified or
 * non-primary click, or one something else already handled. The same rules as the router's own
 * links, for links that are plain HTML (./server-html.ts).
 */
function inAppDestination(event: MouseEvent<Element>, location: Location): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const url = sameSiteLink(event.target, location);
  return url && `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A click handler that sends clicks on same-site links through the router, as its `Link` does,
 * for a part of the page whose links are plain HTML. Following the link to the page it is on
 * replaces the history entry instead of adding one, as `Link` does.
 */
export function useFollowLinks(): (event: MouseEvent<Element>) => void {
  const navigate = useNavigate();
  return (event) => {
    const destination = inAppDestination(event, window.location);
    if (destination === null) return;
    event.preventDefault();
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    navigate(destination, { replace: destination === here });
  };
}
