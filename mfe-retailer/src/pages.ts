import type { ComponentType } from 'react';
import { definePages } from 'shared-contracts/pages';

/**
 * Every page of this remote, declared once (shared-contracts `pages.ts` says what each field
 * means): its routes, its preloading, the shell's routing and the server's come from this list.
 */
export const PAGES = definePages<ComponentType>([
  {
    path: '/landing',
    load: () =>
      import(/* webpackChunkName: "route~landing" */ './features/landing/landing-page').then(
        (m) => m.LandingPage,
      ),
  },
  {
    path: '/checkout-widget',
    load: () =>
      import(
        /* webpackChunkName: "route~checkout-widget" */ './features/checkout-widget/checkout-widget-page'
      ).then((m) => m.CheckoutWidgetPage),
  },
  {
    path: '/api-docs',
    load: () =>
      import(/* webpackChunkName: "route~api-docs" */ './features/api-docs/api-docs-page').then(
        (m) => m.ApiDocsPage,
      ),
  },
  {
    path: '/delivery-tracking-dashboard',
    load: () =>
      import(
        /* webpackChunkName: "route~delivery-tracking-dashboard" */ './features/delivery-tracking-dashboard/delivery-tracking-dashboard-page'
      ).then((m) => m.TrackingDashboardPage),
  },
  {
    path: '/retailer-onboarding',
    signedInOnly: true,
    load: () =>
      import(
        /* webpackChunkName: "route~retailer-onboarding" */ './features/retailer-onboarding/retailer-onboarding-page'
      ).then((m) => m.RetailerOnboardingPage),
  },
  {
    path: '/robot-leasing',
    load: () =>
      import(
        /* webpackChunkName: "route~robot-leasing" */ './features/robot-leasing/robot-leasing-page'
      ).then((m) => m.RobotLeasingPage),
  },
  {
    path: '/robot-leasing-payment',
    load: () =>
      import(
        /* webpackChunkName: "route~robot-leasing-payment" */ './features/robot-leasing-payment/robot-leasing-payment-page'
      ).then((m) => m.RobotLeasingPaymentPage),
  },
  {
    path: '/robot-leasing-success',
    load: () =>
      import(
        /* webpackChunkName: "route~robot-leasing-success" */ './features/robot-leasing-success/robot-leasing-success-page'
      ).then((m) => m.RobotLeasingSuccessPage),
  },
]);
