import { Suspense } from 'react';
import { Loading, NotFound, preloadable, preloadPageAt, type RemoteRoutesModule } from 'shared-ui';
import { Route, Routes } from 'shared-ui/router';

// Each page is its own chunk: visiting one page downloads only that page. The chunk names tell
// the server which files a page needs (shared-build/src/page-chunks-plugin.ts).
const LandingPage = preloadable(() =>
  import(/* webpackChunkName: "route~landing" */ './features/landing/landing-page').then(
    (m) => m.LandingPage,
  ),
);
const CheckoutWidgetPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~checkout-widget" */ './features/checkout-widget/checkout-widget-page'
  ).then((m) => m.CheckoutWidgetPage),
);
const ApiDocsPage = preloadable(() =>
  import(/* webpackChunkName: "route~api-docs" */ './features/api-docs/api-docs-page').then(
    (m) => m.ApiDocsPage,
  ),
);
const TrackingDashboardPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~delivery-tracking-dashboard" */ './features/delivery-tracking-dashboard/delivery-tracking-dashboard-page'
  ).then((m) => m.TrackingDashboardPage),
);
const RetailerOnboardingPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~retailer-onboarding" */ './features/retailer-onboarding/retailer-onboarding-page'
  ).then((m) => m.RetailerOnboardingPage),
);
const RobotLeasingPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~robot-leasing" */ './features/robot-leasing/robot-leasing-page'
  ).then((m) => m.RobotLeasingPage),
);
const RobotLeasingPaymentPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~robot-leasing-payment" */ './features/robot-leasing-payment/robot-leasing-payment-page'
  ).then((m) => m.RobotLeasingPaymentPage),
);
const RobotLeasingSuccessPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~robot-leasing-success" */ './features/robot-leasing-success/robot-leasing-success-page'
  ).then((m) => m.RobotLeasingSuccessPage),
);

/** The routes this remote owns (DESIGN.md section 1), with absolute paths; the shell mounts it. */
export default function RetailerRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/landing" element={<LandingPage />} />
        <Route path="/checkout-widget" element={<CheckoutWidgetPage />} />
        <Route path="/api-docs" element={<ApiDocsPage />} />
        <Route path="/delivery-tracking-dashboard" element={<TrackingDashboardPage />} />
        <Route path="/retailer-onboarding" element={<RetailerOnboardingPage />} />
        <Route path="/robot-leasing" element={<RobotLeasingPage />} />
        <Route path="/robot-leasing-payment" element={<RobotLeasingPaymentPage />} />
        <Route path="/robot-leasing-success" element={<RobotLeasingSuccessPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

/** This remote's pages by path, for `preloadPage`. */
const PAGES = {
  '/landing': LandingPage,
  '/checkout-widget': CheckoutWidgetPage,
  '/api-docs': ApiDocsPage,
  '/delivery-tracking-dashboard': TrackingDashboardPage,
  '/retailer-onboarding': RetailerOnboardingPage,
  '/robot-leasing': RobotLeasingPage,
  '/robot-leasing-payment': RobotLeasingPaymentPage,
  '/robot-leasing-success': RobotLeasingSuccessPage,
};

/** Loads the code of the page at `pathname` before the shell hydrates it (issue 30). */
export function preloadPage(pathname: string): Promise<void> {
  return preloadPageAt(PAGES, pathname);
}

RetailerRoutes satisfies RemoteRoutesModule['default'];
preloadPage satisfies NonNullable<RemoteRoutesModule['preloadPage']>;
