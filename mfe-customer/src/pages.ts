import type { ComponentType } from 'react';
import { definePages } from 'shared-contracts/pages';

/**
 * Every page of this remote, declared once (shared-contracts `pages.ts` says what each field
 * means): its routes, its preloading, the shell's routing and the server's come from this list.
 * `signedInData` lists what the page reads with `useSignedInQuery`.
 */
export const PAGES = definePages<ComponentType>([
  {
    path: '/schedule-pickup/*',
    signedInData: ['/api/wallet', '/api/payment-methods'],
    load: () =>
      import(
        /* webpackChunkName: "route~schedule-pickup" */ './features/schedule-pickup/schedule-pickup-page'
      ).then((m) => m.SchedulePickupPage),
  },
  {
    path: '/store-selection',
    load: () =>
      import(
        /* webpackChunkName: "route~store-selection" */ './features/store-selection/store-selection-page'
      ).then((m) => m.StoreSelectionPage),
  },
  {
    path: '/checkout',
    signedInOnly: true,
    signedInData: ['/api/wallet', '/api/payment-methods'],
    load: () =>
      import(/* webpackChunkName: "route~checkout" */ './features/checkout/checkout-page').then(
        (m) => m.CheckoutPage,
      ),
  },
  {
    path: '/subscribe',
    signedInData: ['/api/wallet', '/api/payment-methods'],
    load: () =>
      import(/* webpackChunkName: "route~subscribe" */ './features/subscribe/subscribe-page').then(
        (m) => m.SubscribePage,
      ),
  },
  {
    path: '/pickup-history',
    signedInOnly: true,
    signedInData: ['/api/pickup-history'],
    load: () =>
      import(
        /* webpackChunkName: "route~pickup-history" */ './features/pickup-history/pickup-history-page'
      ).then((m) => m.PickupHistoryPage),
  },
  {
    path: '/delivery-tracking/:id',
    signedInOnly: true,
    load: () =>
      import(
        /* webpackChunkName: "route~delivery-tracking" */ './features/delivery-tracking/delivery-tracking-page'
      ).then((m) => m.DeliveryTrackingPage),
  },
  {
    path: '/wallet',
    sensitive: true,
    signedInData: ['/api/wallet', '/api/wallet/entries', '/api/payment-methods'],
    load: () =>
      import(/* webpackChunkName: "route~wallet" */ './features/wallet/wallet-page').then(
        (m) => m.WalletPage,
      ),
  },
  {
    path: '/settings',
    signedInOnly: true,
    signedInData: ['/api/users/me', '/api/addresses'],
    load: () =>
      import(/* webpackChunkName: "route~settings" */ './features/settings/settings-page').then(
        (m) => m.SettingsPage,
      ),
  },
  {
    path: '/refund-request',
    signedInOnly: true,
    load: () =>
      import(
        /* webpackChunkName: "route~refund-request" */ './features/refund-request/refund-request-page'
      ).then((m) => m.RefundRequestPage),
  },
]);
