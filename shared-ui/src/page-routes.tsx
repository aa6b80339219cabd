import { type ComponentType, type ReactNode, Suspense } from 'react';
import { ownedPath, type PageDeclaration, pageAt } from 'shared-contracts/pages';
import { Loading } from './components/loading';
import { NotFound } from './components/not-found';
import { preloadable } from './components/preloadable';
import type { RemoteRoutesModule } from './federation';
import { Route, Routes } from './router';

export interface PageRoutesOptions {
  /** Wraps each `sensitive` page: the sign-in flow's recent-password guard (shared-auth). */
  sensitive?: ComponentType<{ children: ReactNode }>;
}

/**
 * A remote's `./routes` module made from its page declarations (its `src/pages.ts`): a route per
 * page with absolute paths and the shared NotFound for anything else, each page's code loaded on
 * demand, and `preloadPage`, which loads the code of the page at a path before the shell
 * hydrates the server's HTML of it.
 */
export function pageRoutes(
  pages: readonly PageDeclaration<ComponentType>[],
  { sensitive: Guard }: PageRoutesOptions = {},
): Required<RemoteRoutesModule> {
  const routes = pages.map((page) => {
    if (page.sensitive && !Guard) {
      throw new Error(`${page.path} is sensitive: pass the guard that protects it.`);
    }
    return { page, Page: preloadable(page.load) };
  });
  function PageRoutes() {
    return (
      <Suspense fallback={<Loading />}>
        <Routes>
          {routes.map(({ page, Page }) => (
            <Route
              key={page.path}
              path={page.path}
              element={
                page.sensitive && Guard ? (
                  <Guard>
                    <Page />
                  </Guard>
                ) : (
                  <Page />
                )
              }
            />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    );
  }
  const byOwnedPath = new Map(routes.map(({ page, Page }) => [ownedPath(page.path), Page]));
  return {
    default: PageRoutes,
    preloadPage(pathname) {
      const owned = pageAt(byOwnedPath.keys(), pathname);
      return owned ? (byOwnedPath.get(owned)?.preload() ?? Promise.resolve()) : Promise.resolve();
    },
  };
}
