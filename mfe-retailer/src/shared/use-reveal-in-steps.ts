import { startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How many of a long page's `total` sections to render: the first at once, then one more after
 * each frame the browser paints, each as a transition. Built in one go, a page as long as the API
 * reference is one long task on a slow phone (docs/benchmarks.md, "Figures behind code
 * choices"). In steps, each is a short task, and a tap in between is answered at once.
 *
 * `revealAll` renders the rest synchronously: call it before the browser follows an in-page link
 * to a section that may not be there yet. A page opened at `#fragment` starts with everything.
 */
export function useRevealInSteps(total: number): { shown: number; revealAll: () => void } {
  const [shown, setShown] = useState(() =>
    typeof window !== 'undefined' && window.location.hash ? total : Math.min(1, total),
  );
  useEffect(() => {
    if (shown >= total) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // After the paint, not before it: each step gets its own task and frame.
      timer = setTimeout(() => startTransition(() => setShown((n) => Math.min(total, n + 1))));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, total]);
  // The same function from step to step, so a memoized contents list is not rendered again at
  // every step; setting the count it already has renders nothing.
  const revealAll = useCallback(() => flushSync(() => setShown(total)), [total]);
  return { shown: Math.min(shown, total), revealAll };
}
