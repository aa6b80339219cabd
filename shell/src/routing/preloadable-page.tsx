import { type ComponentType, lazy } from 'react';

/** A page loaded on demand that can also be loaded ahead, and then renders without suspending. */
export type PreloadablePage = ComponentType & { preload: () => Promise<void> };

/**
 * `React.lazy` with a `preload()`: once loaded, the page renders synchronously. The browser loads
 * the page's code before hydrating a server-rendered page (bootstrap.tsx), so hydration never
 * waits on it while the session check changes the page under it (issue 13).
 */
export function preloadablePage(load: () => Promise<ComponentType>): PreloadablePage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const start = () => {
    if (!pending) {
      pending = load().then((component) => {
        Loaded = component;
        return component;
      });
      // A failed load is forgotten, so the next visit tries again.
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload: () => start().then(() => undefined) });
}
