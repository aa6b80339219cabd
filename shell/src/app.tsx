import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { AppProviders } from 'shared-auth';
import { Loading, type Preloadable, preloadable } from 'shared-ui';
import { BrowserRouter, Route, Routes } from 'shared-ui/router';
import { SiteLayout } from './layout/site-layout';
import { RemotePreloader } from './preload/remote-preloader';
import { OwnedRoute } from './routing/owned-route';
import { PageReadyMark } from './routing/page-ready-mark';
import type { SHELL_PATHS } from './routing/route-table';
import { ScrollToTop } from './routing/scroll-to-top';
import { IdleSupportWidget } from './support/idle-support-widget';

// Shell pages load on demand too: most visitors never see them. The chunk names tell the server
// which files a page needs (shared-build/src/page-chunks-plugin.ts).
const AuthPage = preloadable(() =>
  import(/* webpackChunkName: "route~auth" */ './pages/auth-page').then((m) => m.AuthPage),
);
const ReAuthenticatePage = preloadable(() =>
  import(/* webpackChunkName: "route~re-authenticate" */ './pages/re-authenticate-page').then(
    (m) => m.ReAuthenticatePage,
  ),
);
const VerifyEmailPage = preloadable(() =>
  import(/* webpackChunkName: "route~verify-email" */ './pages/verify-email-page').then(
    (m) => m.VerifyEmailPage,
  ),
);
const DevOutboxPage = preloadable(() =>
  import(/* webpackChunkName: "route~dev~outbox" */ './pages/dev-outbox-page').then(
    (m) => m.DevOutboxPage,
  ),
);

/** The shell's own pages by path (SHELL_PATHS of the route table). */
export const SHELL_PAGES: Record<(typeof SHELL_PATHS)[number], Preloadable> = {
  '/auth': AuthPage,
  '/re-authenticate': ReAuthenticatePage,
  '/verify-email': VerifyEmailPage,
  '/dev/outbox': DevOutboxPage,
};

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
      {/* Loads the remote behind a hovered or focused link before the click (issue 9). */}
      <RemotePreloader />
      <SiteLayout>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/auth" element={<ShellPage page={<AuthPage />} />} />
            <Route path="/re-authenticate" element={<ShellPage page={<ReAuthenticatePage />} />} />
            <Route path="/verify-email" element={<ShellPage page={<VerifyEmailPage />} />} />
            <Route path="/dev/outbox" element={<ShellPage page={<DevOutboxPage />} />} />
            <Route path="*" element={<OwnedRoute />} />
          </Routes>
        </Suspense>
      </SiteLayout>
      {/* Site-wide chrome (issue 4): the Customer Support chat on every page, loaded when idle. */}
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
