import { lazy, Suspense } from 'react';
import { useIdle } from '../hooks/when-idle';
import { useToast } from './use-toast';

// Radix Toast and what it brings (about 15 KB of gzip with the Radix helpers it shares with tabs
// and dialogs) is not needed to paint or hydrate a page (issue 13): it loads once the page is
// idle, or at once when a toast is raised before that.
const RadixToaster = lazy(() =>
  import('./radix-toaster').then((module) => ({ default: module.RadixToaster })),
);

/** The toast area: rendered once by the shell; every remote raises toasts through `toast()`. */
export function Toaster() {
  const { toasts } = useToast();
  // Not rendered on the server or during hydration either way: the first render is always empty.
  const idle = useIdle();
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
