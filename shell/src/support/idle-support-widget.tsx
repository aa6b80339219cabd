import { lazy, Suspense } from 'react';
import { useIdle } from 'shared-ui';
import { useLocation } from 'shared-ui/router';

// The hash that opens the chat from any page; the widget uses the same value.
const CHAT_HASH = '#chat';

// Not part of the first paint: the launcher's code arrives once the page is idle.
const SupportWidget = lazy(() =>
  import('./support-widget').then((module) => ({ default: module.SupportWidget })),
);

/**
 * The Customer Support chat, loaded after the page has painted and gone idle, or at once when the
 * address asks for it (`/#chat` on any page), which then opens it as before.
 */
export function IdleSupportWidget() {
  const { hash } = useLocation();
  const idle = useIdle();
  if (!idle && hash !== CHAT_HASH) return null;
  return (
    <Suspense fallback={null}>
      <SupportWidget />
    </Suspense>
  );
}
