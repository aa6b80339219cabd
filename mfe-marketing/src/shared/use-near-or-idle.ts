import { type RefObject, useEffect, useState } from 'react';
import { useIdle } from 'shared-ui';

/** How far outside the viewport an element counts as near: about a screenful of scrolling. */
const NEAR_MARGIN = '600px 0px';

/**
 * True once the element has come within `margin` of the viewport, and from then on. Without
 * IntersectionObserver (jsdom, old browsers) it is true at once. While `settled`, nothing is
 * observed: the caller already has what it waits for.
 */
export function useHasNeared(
  ref: RefObject<Element | null>,
  margin: string,
  settled = false,
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || settled) return undefined;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near, settled]);
  return near;
}

/**
 * True once the element is on or near the screen, or the page is idle, whichever comes first.
 * Below-the-fold content fetches its data then: not in the first load's network and
 * main-thread time, yet ready before a visitor scrolls to it. Without IntersectionObserver it is
 * true at once.
 */
export function useNearOrIdle(ref: RefObject<Element | null>): boolean {
  const idle = useIdle();
  const near = useHasNeared(ref, NEAR_MARGIN, idle);
  return near || idle;
}
