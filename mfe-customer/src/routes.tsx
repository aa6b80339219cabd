import { Suspense } from 'react';
import { SensitiveRoute } from 'shared-auth';
import { Loading, NotFound, preloadable, preloadPageAt, type RemoteRoutesModule } from 'shared-ui';
import { Route, Routes } from 'shared-ui/router';

// Each page is its own chunk: visiting one page downloads only that page. The chunk names tell
// the server which files a page needs (shared-build/src/page-chunks-plugin.ts).
const SchedulePickupPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~schedule-pickup" */ './features/schedule-pickup/schedule-pickup-page'
  ).then((m) => m.SchedulePickupPage),
);
const StoreSelectionPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~store-selection" */ './features/store-selection/store-selection-page'
  ).then((m) => m.StoreSelectionPage),
);
const CheckoutPage = preloadable(() =>
  import(/* webpackChunkName: "route~checkout" */ './features/checkout/checkout-page').then(
    (m) => m.CheckoutPage,
  ),
);
const SubscribePage = preloadable(() =>
  import(/* webpackChunkName: "route~subscribe" */ './features/subscribe/subscribe-page').then(
    (m) => m.SubscribePage,
  ),
);
const PickupHistoryPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~pickup-history" */ './features/pickup-history/pickup-history-page'
  ).then((m) => m.PickupHistoryPage),
);
const DeliveryTrackingPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~delivery-tracking" */ './features/delivery-tracking/delivery-tracking-page'
  ).then((m) => m.DeliveryTrackingPage),
);
const WalletPage = preloadable(() =>
  import(/* webpackChunkName: "route~wallet" */ './features/wallet/wallet-page').then(
    (m) => m.WalletPage,
  ),
);
const SettingsPage = preloadable(() =>
  import(/* webpackChunkName: "route~settings" */ './features/settings/settings-page').then(
    (m) => m.SettingsPage,
  ),
);
const RefundRequestPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~refund-request" */ './features/refund-request/refund-request-page'
  ).then((m) => m.RefundRequestPage),
);

/** The routes this remote owns (DESIGN.md section 1), with absolute paths; the shell mounts it. */
export default function CustomerRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/schedule-pickup/*" element={<SchedulePickupPage />} />
        <Route path="/store-selection" element={<StoreSelectionPage />} />
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/subscribe" element={<SubscribePage />} />
        <Route path="/pickup-history" element={<PickupHistoryPage />} />
        <Route path="/delivery-tracking/:id" element={<DeliveryTrackingPage />} />
        <Route
          path="/wallet"
          element={
            // Account and Wallet need a recent password check (SPEC section 2).
            <SensitiveRoute>
              <WalletPage />
            </SensitiveRoute>
          }
        />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/refund-request" element={<RefundRequestPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

/** This remote's pages by path, for `preloadPage`. */
const PAGES = {
  '/schedule-pickup': SchedulePickupPage,
  '/store-selection': StoreSelectionPage,
  '/checkout': CheckoutPage,
  '/subscribe': SubscribePage,
  '/pickup-history': PickupHistoryPage,
  '/delivery-tracking': DeliveryTrackingPage,
  '/wallet': WalletPage,
  '/settings': SettingsPage,
  '/refund-request': RefundRequestPage,
};

/** Loads the code of the page at `pathname` before the shell hydrates it (issue 30). */
export function preloadPage(pathname: string): Promise<void> {
  return preloadPageAt(PAGES, pathname);
}

CustomerRoutes satisfies RemoteRoutesModule['default'];
preloadPage satisfies NonNullable<RemoteRoutesModule['preloadPage']>;
