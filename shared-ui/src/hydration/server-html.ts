/**
 * Parts of the page that are the same for everyone and never change once painted (the footer)
 * are not hydrated: React takes them over as the server sent them, with
 * `dangerouslySetInnerHTML`, instead of rendering their components again in the browser to
 * match them element by element. On a slow phone that is a large share of the work between the
 * first paint and a page that answers (docs/decisions/024-less-work-before-the-first-answer.md).
 */

import type { ReactNode } from 'react';
import { useFollowLinks } from './follow-links';

/** The attribute that names such a part, on its outer element. */
export const SERVER_HTML_ATTRIBUTE = 'data-server-html';

const kept = new Map<string, string | null>();

/**
 * The inner HTML the server rendered for the part `name`, read from the document the first time
 * it is asked for and kept, so the part renders the same markup for as long as the page lives
 * (a remount included). Null on the server, and in a page the browser rendered from nothing
 * (a static host, the offline stand-in, a session the server could not see): the part then
 * renders its components as usual.
 */
export function keptServerHtml(name: string, doc: Document | undefined = globalThis.document) {
  if (!doc) return null;
  if (!kept.has(name)) {
    const element = doc.querySelector(`#root [${SERVER_HTML_ATTRIBUTE}="${name}"]`);
    kept.set(name, element ? element.innerHTML : null);
  }
  return kept.get(name) ?? null;
}

/**
 * The props of a part's outer element: its name, and either its `children` (on the server, and in
 * a page rendered in the browser) or the markup the server sent for them, which React then leaves
 * as it is. Kept markup's links are plain HTML, so the element then also sends a click on a
 * same-site link through the router (./follow-links.ts). For example
 * `<Panel {...useServerHtml('auth-marketing', <Features />)} />`.
 */
export function useServerHtml(name: string, children: ReactNode) {
  const followLinks = useFollowLinks();
  const kept = keptServerHtml(name);
  return kept === null
    ? { [SERVER_HTML_ATTRIBUTE]: name, children }
    : {
        [SERVER_HTML_ATTRIBUTE]: name,
        onClick: followLinks,
        dangerouslySetInnerHTML: { __html: kept },
      };
}

/** For tests: forget what was kept. */
export function forgetServerHtml(): void {
  kept.clear();
}
