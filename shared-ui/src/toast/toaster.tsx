import { lazy, Suspense, useEffect } from 'react';
import { useToast } from './use-toast';

// Radix Toast and what it brings (with the Radix helpers it shares with tabs and dialogs) is not
// needed to paint or hydrate a page, nor by a visitor who only reads it (`/`'s first-load budget
// counts idle work). Its code is fetched at the first
// press or key, so it is usually in before the answer that raises a toast, and the toast area is
// rendered with the first toast. Radix announces each toast through a live region it adds with
// the toast, so a screen reader hears the first one too.
const loadRadixToaster = () => import('./radix-toaster');
const RadixToaster = lazy(() =>
  loadRadixToaster().then((module) => ({ default: module.RadixToaster })),
);

const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

/** The toast area: rendered once by the shell; every remote raises toasts through `toast()`. */
export function Toaster() {
  const { toasts } = useToast();
  useEffect(() => {
    const load = () => {
      stop();
      // Ready before the first toast; a failure shows when a toast asks for the code again.
      loadRadixToaster().catch(() => {});
    };
    const stop = () => {
      for (const type of FIRST_INTERACTION) document.removeEventListener(type, load, true);
    };
    for (const type of FIRST_INTERACTION) document.addEventListener(type, load, true);
    return stop;
  }, []);
  // Not rendered on the server or during hydration either way: the first render is always empty.
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
