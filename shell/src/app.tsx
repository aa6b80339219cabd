import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { AppProviders } from 'shared-auth';
import { ownedPath, pageAt } from 'shared-contracts/pages';
import { Loading, type Preloadable, preloadable } from 'shared-ui';
import { BrowserRouter, Route, Routes } from 'shared-ui/router';
import { SiteLayout } from './layout/site-layout';
import { RemotePreloader } from './preload/remote-preloader';
import { OwnedRoute } from './routing/owned-route';
import { PageReadyMark } from './routing/page-ready-mark';
import { ScrollToTop } from './routing/scroll-to-top';
import { SHELL_PAGES } from './routing/shell-pages';
import { IdleSupportWidget } from './support/idle-support-widget';

// The shell's own pages (routing/shell-pages.ts), each loaded on demand.
const SHELL_ROUTES = SHELL_PAGES.map((page) => ({
  path: page.path,
  owned: ownedPath(page.path),
  Page: preloadable(page.load),
}));

/** The shell's own page at `pathname`, to load its code before hydration; undefined elsewhere. */
export function shellPageAt(pathname: string): Preloadable | undefined {
  const owned = pageAt(
    SHELL_ROUTES.map((route) => route.owned),
    pathname,
  );
  return SHELL_ROUTES.find((route) => route.owned === owned)?.Page;
}

/** A shell page, with the mark that says it is interactive once it has committed. */
function ShellPage({ page }: { page: ReactNode }) {
  return (
    <>
      {page}
      <PageReadyMark />
    </>
  );
}

/**
 * The site inside its router: the same tree in the browser (`App`) and on the server
 * (server/render.tsx, with a static router), so server-rendered HTML hydrates without a mismatch.
 */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      {/* Loads the remote behind a hovered or focused link before the click. */}
      <RemotePreloader />
      <SiteLayout>
        <Suspense fallback={<Loading />}>
          <Routes>
            {SHELL_ROUTES.map(({ path, Page }) => (
              <Route key={path} path={path} element={<ShellPage page={<Page />} />} />
            ))}
            <Route path="*" element={<OwnedRoute />} />
          </Routes>
        </Suspense>
      </SiteLayout>
      {/* Site-wide chrome: the Customer Support chat on every page, loaded when idle. */}
      <IdleSupportWidget />
    </>
  );
}

export function App({ client }: { client?: QueryClient }) {
  return (
    <AppProviders client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
