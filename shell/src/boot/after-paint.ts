// The shell's first request for the app's code waits for the first paint of the server's HTML
// (ADR 012, decision 13): its scripts are already downloading (the page names them all), and
// evaluating them before the paint would count against the page's LCP on a slow phone. No shared
// modules here: boot/start.ts runs it before Module Federation has negotiated any.

/** Latest moment for after-paint work when no paint is reported. */
const FALLBACK_MS = 1000;

interface Scheduler {
  /** Calls `run` once the document's first contentful paint has been reported. */
  afterFirstPaint: (run: () => void) => void;
  setTimeout: (run: () => void, ms: number) => void;
}

function afterFirstPaint(run: () => void): void {
  const supported =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!supported) {
    // The frame after the one that painted.
    requestAnimationFrame(() => requestAnimationFrame(run));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
}

const browserScheduler: Scheduler = {
  afterFirstPaint,
  setTimeout: (run, ms) => window.setTimeout(run, ms),
};

/**
 * Runs `run` once, when the page has reported its first contentful paint, or a second after this
 * call where no paint is reported (a browser without Paint Timing that also misses the frames, a
 * page that paints nothing); at once in a hidden tab, which paints nothing until it is shown.
 */
export function afterPaint(
  run: () => void,
  doc: Document = document,
  scheduler: Scheduler = browserScheduler,
): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (doc.visibilityState === 'hidden') {
    once();
    return;
  }
  scheduler.afterFirstPaint(once);
  scheduler.setTimeout(once, FALLBACK_MS);
}
