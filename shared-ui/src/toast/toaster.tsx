import { type ComponentType, useEffect, useState } from 'react';
import { PlainToasts } from './plain-toasts';
import { useToast } from './use-toast';

// Radix Toast and what it brings (with the Radix helpers it shares with tabs and dialogs) is not
// needed to paint or hydrate a page, nor by a visitor who only reads it (`/`'s first-load budget
// counts idle work). Its code is fetched at the first press or key, so it is usually in before
// the answer that raises a toast, and the toast area is rendered with the first toast. Radix
// announces each toast through a live region it adds with the toast, so a screen reader hears
// the first one too.
/** Once loaded, for every later render of any toaster: no second fetch, no flash. */
let loadedToaster: ComponentType | undefined;

const loadRadixToaster = () =>
  import('./radix-toaster').then(({ RadixToaster }) => {
    loadedToaster = RadixToaster;
    return RadixToaster;
  });

const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

/**
 * The toast area: rendered once by the shell; every remote raises toasts through `toast()`.
 * Without a connection its code may not load (a page opened from the device, the signal gone
 * before the first press): the toasts then show in a plain live region, and the code is asked
 * for again with the next toast or when the signal returns.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [Loaded, setLoaded] = useState<ComponentType | undefined>(() => loadedToaster);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const load = () => {
      stop();
      // Ready before the first toast; a failure is retried when a toast asks for the code.
      loadRadixToaster().catch(() => {});
    };
    const stop = () => {
      for (const type of FIRST_INTERACTION) document.removeEventListener(type, load, true);
    };
    for (const type of FIRST_INTERACTION) document.addEventListener(type, load, true);
    return stop;
  }, []);

  const newest = toasts[0]?.id;
  useEffect(() => {
    if (!newest || Loaded) return;
    let current = true;
    loadRadixToaster().then(
      (component) => {
        if (current) setLoaded(() => component);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
    // Asked again with each new toast, and (`attempt`) when the signal returns after a failure.
  }, [newest, Loaded, attempt]);

  useEffect(() => {
    if (!failed) return;
    const retry = () => setAttempt((count) => count + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed]);

  // Not rendered on the server or during hydration either way: the first render is always empty.
  if (toasts.length === 0) return null;
  if (Loaded) return <Loaded />;
  return failed ? <PlainToasts /> : null;
}
