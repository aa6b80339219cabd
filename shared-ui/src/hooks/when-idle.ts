// Work that is not part of the first paint (ADR 011): the support chat, the toasts' Radix code,
// the home strip's retailer list.
import { useEffect, useState } from 'react';
import { isPageReady, onPageReady } from '../page-ready';

/** Longest wait for an idle moment before idle work starts anyway. */
export const IDLE_TIMEOUT_MS = 2000;

function onIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    // Bound now: the cancel may run after the page (or a test) has replaced these globals.
    const cancelIdle = window.cancelIdleCallback?.bind(window);
    const handle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => cancelIdle?.(handle);
  }
  const timer = setTimeout(callback, timeoutMs);
  return () => clearTimeout(timer);
}

/** At the latest this long after the load event, idle work stops waiting for the page. */
export const PAGE_READY_TIMEOUT_MS = 5000;

/**
 * After the page's load event and `markPageReady`, whichever is later; at most
 * PAGE_READY_TIMEOUT_MS after the load (a page that failed to load never marks itself ready, and
 * the support chat must still come). Returns a cancel function.
 */
function afterPageReady(run: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWaiting = () => {};
  const finish = () => {
    if (done) return;
    done = true;
    stopWaiting();
    clearTimeout(timer);
    run();
  };
  const onLoad = () => {
    if (isPageReady()) return finish();
    stopWaiting = onPageReady(finish);
    timer = setTimeout(finish, PAGE_READY_TIMEOUT_MS);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    done = true;
    stopWaiting();
    clearTimeout(timer);
    window.removeEventListener('load', onLoad);
  };
}

/**
 * Runs `callback` once the page has loaded and is interactive (`markPageReady`) and the browser
 * is idle (requestIdleCallback, at most `timeoutMs` later), or `timeoutMs` after that where there
 * is no requestIdleCallback (Safari). Returns a cancel function.
 */
export function whenIdle(callback: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  let cancelIdle = () => {};
  const cancelWait = afterPageReady(() => {
    cancelIdle = onIdle(callback, timeoutMs);
  });
  return () => {
    cancelWait();
    cancelIdle();
  };
}

/** False until `whenIdle` fires for this component, then true (never rendered true on the server). */
export function useIdle(timeoutMs = IDLE_TIMEOUT_MS): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true), timeoutMs)), [idle, timeoutMs]);
  return idle;
}
