import { lazy, Suspense, useEffect } from 'react';
import { useIdle } from '../hooks/when-idle';
import { useToast } from './use-toast';

// Radix Toast and what it brings (about 15 KB of gzip with the Radix helpers it shares with tabs
// and dialogs) is not needed to paint or hydrate a page (issue 13). Its code is fetched once the
// page is idle, and the toast area is rendered with the first toast: rendering an empty area at
// idle was a long task at the end of every page's load on a slow phone. Radix announces each toast
// through a live region it adds with the toast, so a screen reader hears the first one too.
const loadRadixToaster = () => import('./radix-toaster');
const RadixToaster = lazy(() =>
  loadRadixToaster().then((module) => ({ default: module.RadixToaster })),
);

/** The toast area: rendered once by the shell; every remote raises toasts through `toast()`. */
export function Toaster() {
  const { toasts } = useToast();
  const idle = useIdle();
  useEffect(() => {
    // Ready before the first toast; a failure shows when a toast asks for the code again.
    if (idle) loadRadixToaster().catch(() => {});
  }, [idle]);
  // Not rendered on the server or during hydration either way: the first render is always empty.
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
