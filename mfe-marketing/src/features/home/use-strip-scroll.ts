import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Hovering an arrow scrolls the partner strip 5 px every 10 ms (docs/product.md, "Timings"). */
export const HOVER_SCROLL_STEP_PX = 5;
export const HOVER_SCROLL_INTERVAL_MS = 10;

export type ScrollDirection = -1 | 1;

/** One step of the hover scroll; returns whether the strip can still move that way. */
export function scrollStep(element: HTMLElement, direction: ScrollDirection): boolean {
  const max = element.scrollWidth - element.clientWidth;
  const next = Math.min(max, Math.max(0, element.scrollLeft + direction * HOVER_SCROLL_STEP_PX));
  element.scrollLeft = next;
  return direction > 0 ? next < max : next > 0;
}

export interface StripScroll {
  /** Start the hover scroll (pointer entered an arrow). */
  start: (direction: ScrollDirection) => void;
  /** Stop it (pointer left, or the end was reached). */
  stop: () => void;
  /** Move by most of a screenful (arrow clicked or pressed with the keyboard). */
  page: (direction: ScrollDirection) => void;
  atStart: boolean;
  atEnd: boolean;
}

/**
 * Scrolling for the partner strip: the hover scroll, paging for clicks and keys, and
 * the mouse wheel (a vertical wheel moves the strip sideways while it can still move, then the
 * page scrolls on). Touch and the keyboard's own arrow keys use the browser's native scrolling.
 */
export function useStripScroll(
  ref: RefObject<HTMLElement | null>,
  { smooth, contentKey }: { smooth: boolean; contentKey: unknown },
): StripScroll {
  const timer = useRef<number | null>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const max = element.scrollWidth - element.clientWidth;
    // One pixel of slack: zoomed pages report fractional scroll positions.
    setEdges({ atStart: element.scrollLeft <= 1, atEnd: element.scrollLeft >= max - 1 });
  }, [ref]);

  const stop = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(
    (direction: ScrollDirection) => {
      stop();
      timer.current = window.setInterval(() => {
        const element = ref.current;
        if (!element || !scrollStep(element, direction)) stop();
        measure();
      }, HOVER_SCROLL_INTERVAL_MS);
    },
    [ref, stop, measure],
  );

  const page = useCallback(
    (direction: ScrollDirection) => {
      const element = ref.current;
      if (!element) return;
      stop();
      const left = element.scrollLeft + direction * Math.max(120, element.clientWidth * 0.8);
      if (typeof element.scrollTo === 'function') {
        element.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' });
      } else {
        element.scrollLeft = left;
      }
      measure();
    },
    [ref, smooth, stop, measure],
  );

  // contentKey: the logos arrived (or changed), so the scrollable width did too.
  useEffect(() => {
    const element = ref.current;
    if (!element || contentKey === undefined) return;
    measure();
    const onWheel = (event: WheelEvent) => {
      if (Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return; // sideways: native
      const max = element.scrollWidth - element.clientWidth;
      const canMove = event.deltaY > 0 ? element.scrollLeft < max - 1 : element.scrollLeft > 1;
      if (!canMove) return;
      event.preventDefault();
      element.scrollLeft += event.deltaY;
    };
    element.addEventListener('scroll', measure, { passive: true });
    element.addEventListener('wheel', onWheel, { passive: false });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      element.removeEventListener('wheel', onWheel);
      resize?.disconnect();
    };
  }, [ref, measure, contentKey]);

  useEffect(() => stop, [stop]);

  return { start, stop, page, ...edges };
}
