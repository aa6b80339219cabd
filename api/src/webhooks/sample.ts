import type { ApiMode } from 'shared-contracts/retailer';
import type { ApiDelivery, ApiDeliveryStatus } from 'shared-contracts/retailer-api';
import type { WebhookEventType } from 'shared-contracts/webhooks';

const STATUS_OF: Record<WebhookEventType, ApiDeliveryStatus> = {
  'delivery.created': 'pickup_confirmed',
  'delivery.status_changed': 'arriving',
  'delivery.delivered': 'delivered',
  'delivery.failed': 'failed',
  'delivery.cancelled': 'cancelled',
};

/**
 * The delivery a test event carries: plainly sample data (`del_test_…`, order `CR-000000`), in the
 * shape of a real one, so a receiver can be written against it.
 */
export function sampleDelivery(
  type: WebhookEventType,
  mode: ApiMode,
  store: { id: string; name: string },
  now = new Date(),
): ApiDelivery {
  const status = STATUS_OF[type];
  const at = now.toISOString();
  const created = new Date(now.getTime() - 30 * 60_000).toISOString();
  return {
    id: 'del_test_0000000000000000',
    object: 'delivery',
    livemode: mode === 'live',
    status,
    order_number: 'CR-000000',
    order_reference: 'TEST-ORDER',
    checkout_session_id: null,
    delivery_type: 'home',
    store_id: store.id,
    store_name: store.name,
    customer_name: 'Test Customer',
    fee_cents: 899,
    window: '2h',
    window_ends_at: new Date(now.getTime() + 90 * 60_000).toISOString(),
    courier:
      status === 'arriving'
        ? { kind: 'driver', name: 'Test Courier', location: { lat: 30.2672, lng: -97.7431 } }
        : null,
    eta: status === 'arriving' ? new Date(now.getTime() + 5 * 60_000).toISOString() : null,
    cancellable: status === 'pickup_confirmed',
    status_history: [
      { status: 'pickup_confirmed', at: created },
      ...(status === 'pickup_confirmed' ? [] : [{ status, at }]),
    ],
    created_at: created,
    updated_at: at,
    delivered_at: status === 'delivered' ? at : null,
  };
}
