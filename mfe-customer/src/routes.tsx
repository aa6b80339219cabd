import { lazy, Suspense } from 'react';
import { SensitiveRoute } from 'shared-auth';
import { Loading, NotFound, type RemoteRoutesModule } from 'shared-ui';
import { Route, Routes } from 'shared-ui/router';

// Each page is its own chunk: visiting one page downloads only that page.
const SchedulePickupPage = lazy(() =>
  import('./features/schedule-pickup/schedule-pickup-page').then((m) => ({
    default: m.SchedulePickupPage,
  })),
);
const StoreSelectionPage = lazy(() =>
  import('./features/store-selection/store-selection-page').then((m) => ({
    default: m.StoreSelectionPage,
  })),
);
const CheckoutPage = lazy(() =>
  import('./features/checkout/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const SubscribePage = lazy(() =>
  import('./features/subscribe/subscribe-page').then((m) => ({ default: m.SubscribePage })),
);
const PickupHistoryPage = lazy(() =>
  import('./features/pickup-history/pickup-history-page').then((m) => ({
    default: m.PickupHistoryPage,
  })),
);
const DeliveryTrackingPage = lazy(() =>
  import('./features/delivery-tracking/delivery-tracking-page').then((m) => ({
    default: m.DeliveryTrackingPage,
  })),
);
const WalletPage = lazy(() =>
  import('./features/wallet/wallet-page').then((m) => ({ default: m.WalletPage })),
);
const SettingsPage = lazy(() =>
  import('./features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const RefundRequestPage = lazy(() =>
  import('./features/refund-request/refund-request-page').then((m) => ({
    default: m.RefundRequestPage,
  })),
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

CustomerRoutes satisfies RemoteRoutesModule['default'];
