import { type ComponentType, lazy } from 'react';

/** A component loaded on demand that can also be loaded ahead, and then renders without suspending. */
export type Preloadable<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<void>;
};

/**
 * `React.lazy` with a `preload()`: once loaded, the component renders synchronously, so a view
 * switched to after its code arrived never shows a Suspense fallback (and focus moved to its
 * heading lands). Used for the shell's pages, loaded before a server-rendered page hydrates
 * (ADR 010), and for views a page shows later, whose code stays out of its first load.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  let lastFailure: unknown;
  const start = () => {
    if (!pending) {
      pending = load().then((component) => {
        // A module whose code threw while it ran stays registered half-made: a second import
        // gives it without its exports. The first failure is the one that says why.
        if (component === undefined) {
          throw lastFailure ?? new Error('The page module exports no component.');
        }
        Loaded = component;
        return component;
      });
      // A failed load is forgotten, so the next use tries again.
      pending.catch((error: unknown) => {
        lastFailure = error;
        pending = undefined;
      });
    }
    return pending;
  };
  const Lazy = lazy(() =>
    start().then((component) => ({ default: component })),
  ) as ComponentType<P>;
  function Component(props: P) {
    const Render = Loaded ?? Lazy;
    return <Render {...props} />;
  }
  return Object.assign(Component, { preload: () => start().then(() => undefined) });
}
