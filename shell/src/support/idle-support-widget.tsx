import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

// The hash that opens the chat from any page (SPEC section 2); the widget uses the same value.
const CHAT_HASH = '#chat';

// Not part of the first paint (issue 13): the launcher's code arrives once the page is idle.
const SupportWidget = lazy(() =>
  import('./support-widget').then((module) => ({ default: module.SupportWidget })),
);

/** Longest wait for an idle moment before the widget loads anyway. */
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

/**
 * Runs `callback` once the page has loaded (the preloaded remote entry and route chunk included)
 * and the browser is idle (requestIdleCallback, at most `timeoutMs` later), or `timeoutMs` after
 * the load where there is no requestIdleCallback (Safari). Returns a cancel function.
 */
export function whenIdle(callback: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  if (document.readyState === 'complete') return onIdle(callback, timeoutMs);
  let cancel = () => {};
  const onLoad = () => {
    cancel = onIdle(callback, timeoutMs);
  };
  window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancel();
  };
}

/**
 * The Customer Support chat, loaded after the page has painted and gone idle, or at once when the
 * address asks for it (`/#chat` on any page), which then opens it as before.
 */
export function IdleSupportWidget() {
  const { hash } = useLocation();
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true))), [idle]);
  if (!idle && hash !== CHAT_HASH) return null;
  return (
    <Suspense fallback={null}>
      <SupportWidget />
    </Suspense>
  );
}
