import { lazy, Suspense } from 'react';
import { Loading, NotFound, type RemoteRoutesModule } from 'shared-ui';
import { Route, Routes } from 'shared-ui/router';

// Each page is its own chunk: visiting one page downloads only that page.
const LandingPage = lazy(() =>
  import('./features/landing/landing-page').then((m) => ({ default: m.LandingPage })),
);
const CheckoutWidgetPage = lazy(() =>
  import('./features/checkout-widget/checkout-widget-page').then((m) => ({
    default: m.CheckoutWidgetPage,
  })),
);
const ApiDocsPage = lazy(() =>
  import('./features/api-docs/api-docs-page').then((m) => ({ default: m.ApiDocsPage })),
);
const TrackingDashboardPage = lazy(() =>
  import('./features/delivery-tracking-dashboard/delivery-tracking-dashboard-page').then((m) => ({
    default: m.TrackingDashboardPage,
  })),
);
const RetailerOnboardingPage = lazy(() =>
  import('./features/retailer-onboarding/retailer-onboarding-page').then((m) => ({
    default: m.RetailerOnboardingPage,
  })),
);
const RobotLeasingPage = lazy(() =>
  import('./features/robot-leasing/robot-leasing-page').then((m) => ({
    default: m.RobotLeasingPage,
  })),
);
const RobotLeasingPaymentPage = lazy(() =>
  import('./features/robot-leasing-payment/robot-leasing-payment-page').then((m) => ({
    default: m.RobotLeasingPaymentPage,
  })),
);
const RobotLeasingSuccessPage = lazy(() =>
  import('./features/robot-leasing-success/robot-leasing-success-page').then((m) => ({
    default: m.RobotLeasingSuccessPage,
  })),
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

RetailerRoutes satisfies RemoteRoutesModule['default'];
