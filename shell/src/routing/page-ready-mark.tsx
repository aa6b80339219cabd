import { useEffect } from 'react';
import { markPageReady } from 'shared-ui';

/**
 * Rendered after a page's content, inside the same Suspense boundary: its effect runs when that
 * boundary has committed (hydrated, or rendered in the browser), which is when the page answers
 * taps (ADR 017).
 */
export function PageReadyMark() {
  useEffect(() => markPageReady(), []);
  return null;
}
