/**
 * Where the user is probably going next: the path of a same-origin link they hover (for a moment),
 * focus with the keyboard or start to touch. The shell preloads the remote that owns that path so
 * the navigation renders without a Loading flash. Listening on the document covers every
 * link: header, footer, and links rendered inside remotes, without the remotes doing anything.
 */

import { sameSiteLink } from 'shared-ui';

/** Hovering this long counts as intent; sweeping the pointer across a menu does not. */
export const HOVER_INTENT_MS = 60;

export interface LinkIntentOptions {
  /** Called with the pathname of a link the user is about to follow. */
  onIntent: (pathname: string) => void;
  hoverDelayMs?: number;
}

/** The same-origin pathname a link leads to, or null for links that leave or do not navigate. */
export function intendedPath(target: EventTarget | null, location: Location): string | null {
  return sameSiteLink(target, location)?.pathname ?? null;
}

/** Starts listening; returns the function that stops. */
export function watchLinkIntent(
  doc: Document,
  { onIntent, hoverDelayMs = HOVER_INTENT_MS }: LinkIntentOptions,
): () => void {
  const location = doc.defaultView?.location;
  if (!location) return () => {};
  let hoverTimer: ReturnType<typeof setTimeout> | undefined;
  let hovered: Element | null = null;

  const cancelHover = () => {
    clearTimeout(hoverTimer);
    hoverTimer = undefined;
    hovered = null;
  };

  const onPointerOver = (event: PointerEvent) => {
    const path = intendedPath(event.target, location);
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link === hovered) return;
    cancelHover();
    if (!path || !link) return;
    // A touch is already a tap in progress: no reason to wait.
    if (event.pointerType === 'touch') {
      onIntent(path);
      return;
    }
    hovered = link;
    hoverTimer = setTimeout(() => {
      hoverTimer = undefined;
      onIntent(path);
    }, hoverDelayMs);
  };

  const onPointerOut = (event: PointerEvent) => {
    if (!hovered) return;
    const next = event.relatedTarget;
    if (next instanceof Node && hovered.contains(next)) return;
    cancelHover();
  };

  const onFocusIn = (event: FocusEvent) => {
    const path = intendedPath(event.target, location);
    if (path) onIntent(path);
  };

  doc.addEventListener('pointerover', onPointerOver, { passive: true });
  doc.addEventListener('pointerout', onPointerOut, { passive: true });
  doc.addEventListener('focusin', onFocusIn);
  // A link focused or under the pointer since before this listened (on the server's HTML, before
  // the page hydrated) is intent all the same: no new event will say so.
  const under = doc.querySelectorAll('a[href]:hover');
  for (const early of [doc.activeElement, under[under.length - 1] ?? null]) {
    const path = intendedPath(early, location);
    if (path) onIntent(path);
  }
  return () => {
    cancelHover();
    doc.removeEventListener('pointerover', onPointerOver);
    doc.removeEventListener('pointerout', onPointerOut);
    doc.removeEventListener('focusin', onFocusIn);
  };
}
