import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from 'shared-client';
import { Loading } from 'shared-ui';
import { SiteLayout } from './layout/site-layout';
import { RemotePreloader } from './preload/remote-preloader';
import { OwnedRoute } from './routing/owned-route';
import { ScrollToTop } from './routing/scroll-to-top';
import { IdleSupportWidget } from './support/idle-support-widget';

// Shell pages load on demand too: most visitors never see them.
const AuthPage = lazy(() => import('./pages/auth-page').then((m) => ({ default: m.AuthPage })));
const ReAuthenticatePage = lazy(() =>
  import('./pages/re-authenticate-page').then((m) => ({ default: m.ReAuthenticatePage })),
);
const VerifyEmailPage = lazy(() =>
  import('./pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
const DevOutboxPage = lazy(() =>
  import('./pages/dev-outbox-page').then((m) => ({ default: m.DevOutboxPage })),
);

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <ScrollToTop />
        {/* Loads the remote behind a hovered or focused link before the click (issue 9). */}
        <RemotePreloader />
        <SiteLayout>
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route path="/auth" element={<AuthPage />} />
              <Route path="/re-authenticate" element={<ReAuthenticatePage />} />
              <Route path="/verify-email" element={<VerifyEmailPage />} />
              <Route path="/dev/outbox" element={<DevOutboxPage />} />
              <Route path="*" element={<OwnedRoute />} />
            </Routes>
          </Suspense>
        </SiteLayout>
        {/* Site-wide chrome (issue 4): the Customer Support chat on every page, loaded when idle. */}
        <IdleSupportWidget />
      </BrowserRouter>
    </AppProviders>
  );
}
