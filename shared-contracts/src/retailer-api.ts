import { z } from 'zod';
import { DELIVERY_TYPES, DELIVERY_WINDOWS, WEIGHT_CLASSES } from './quotes.ts';
import { safeText } from './text.ts';
import { safeUrl } from './url.ts';

/**
 * The public retailer API: authenticated
 * with a secret API key (`Authorization: Bearer sk_test_…`), snake_case like the sample payload
 * `{ retailer_id, order_items, customer_info }`. Test keys see test data only, live keys live data.
 */

export { RETAILER_API_VERSION } from './api-version.ts';

export const RETAILER_API_MESSAGES = {
  missingKey:
    'Missing API key. Send it as `Authorization: Bearer sk_test_…` (your keys are on the retailer onboarding page).',
  malformedKey: 'Malformed API key. Keys look like sk_test_… or sk_live_….',
  invalidKey: 'Invalid API key.',
  revokedKey:
    'This API key has been revoked or has expired. Roll a new one on the onboarding page.',
  publishableNotAllowed:
    'Publishable keys (pk_…) only work from the checkout widget. Use a secret key (sk_…) on your server.',
  secretNotAllowed:
    'Secret keys must never be used in a browser. The widget takes a publishable key (pk_…).',
  retailerMismatch: 'retailer_id does not match the retailer of this API key',
  storeNotFound: 'store_id is not one of your store locations',
  originRequired: 'The widget must be used from a web page (no Origin header was sent).',
  originNotAllowed: (origin: string) =>
    `The origin ${origin} is not on this retailer's allowed domains. Add it on the onboarding page.`,
  rateLimited: (seconds: number) =>
    `Too many requests for this API key. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  deliveryNotFound: 'Delivery not found',
  idempotencyRequired: 'Send an Idempotency-Key header with every POST.',
} as const;

const money = z.number().int().min(0).max(10_000_000);

export const apiOrderItemSchema = z
  .object({
    sku: safeText('sku').max(64).optional(),
    name: safeText('name').min(1, 'order_items: item name is required').max(200),
    quantity: z
      .number({ error: 'order_items: quantity must be a whole number' })
      .int('order_items: quantity must be a whole number')
      .min(1, 'order_items: quantity must be at least 1')
      .max(999, 'order_items: quantity must be at most 999'),
    unit_price_cents: money,
  })
  .meta({ id: 'OrderItem' });

export const apiAddressSchema = z
  .object({
    line1: safeText('line1').min(1, 'customer_info.address.line1 is required').max(120),
    line2: safeText('line2').max(60).optional(),
    city: safeText('city').min(1, 'customer_info.address.city is required').max(60),
    state: safeText('state')
      .toUpperCase()
      .refine((value) => value === 'TX', 'We deliver in Texas only; the state must be TX'),
    zip: safeText('zip').regex(/^\d{5}$/, 'customer_info.address.zip must be 5 digits'),
  })
  .meta({ id: 'CustomerAddress' });

export const apiCustomerInfoSchema = z
  .object({
    name: safeText('name').min(1, 'customer_info.name is required').max(80),
    email: z.email('customer_info.email is not a valid email address').max(254).optional(),
    phone: safeText('phone').max(30).optional(),
    /** With an address, home-delivery fees are priced for it. */
    address: apiAddressSchema.optional(),
  })
  .meta({ id: 'CustomerInfo' });

export const checkoutInitializeRequestSchema = z
  .object({
    retailer_id: safeText('retailer_id', { typeError: 'retailer_id is required' }).min(
      1,
      'retailer_id is required',
    ),
    order_items: z
      .array(apiOrderItemSchema, { error: 'order_items must be a list of items' })
      .min(1, 'order_items needs at least one item')
      .max(100, 'order_items holds at most 100 items'),
    customer_info: apiCustomerInfoSchema,
    /** One of your store locations; without it the customer chooses. */
    store_id: safeText('store_id').min(1).max(80).optional(),
    /** Your own order number, shown to the customer and sent back in webhooks. */
    order_reference: safeText('order_reference').min(1).max(40).optional(),
    weight_class: z.enum(WEIGHT_CLASSES).optional(),
    expires_in_minutes: z
      .number()
      .int()
      .min(5, 'expires_in_minutes must be 5 to 10080')
      .max(7 * 24 * 60, 'expires_in_minutes must be 5 to 10080')
      .optional(),
  })
  .meta({
    id: 'CheckoutInitializeRequest',
    examples: [
      {
        retailer_id: 'acme-outfitters',
        order_items: [
          { sku: 'TEE-M-BLK', name: 'Organic tee (M, black)', quantity: 2, unit_price_cents: 2500 },
        ],
        customer_info: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          address: { line1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
        },
      },
    ],
  });
export type CheckoutInitializeRequest = z.input<typeof checkoutInitializeRequestSchema>;

export const apiWindowOptionSchema = z
  .object({
    window: z.enum(DELIVERY_WINDOWS),
    label: z.string(),
    available: z.boolean(),
    reason: z.string().nullable(),
    fee_cents: z.number().int().nullable(),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'DeliveryWindowOption' });

export const apiDeliveryOptionSchema = z
  .object({
    delivery_type: z.enum(DELIVERY_TYPES),
    label: z.string(),
    available: z.boolean(),
    /** Why not, when unavailable (no store offers it, the address is too far, ...). */
    reason: z.string().nullable(),
    /** The lowest fee among available windows. */
    from_fee_cents: z.number().int().nullable(),
    /** Home delivery without an address is priced without the distance band. */
    priced_for_address: z.boolean(),
    store_id: z.string().nullable(),
    windows: z.array(apiWindowOptionSchema),
  })
  .meta({ id: 'CheckoutDeliveryOption' });
export type ApiDeliveryOption = z.infer<typeof apiDeliveryOptionSchema>;

export const checkoutInitializeResponseSchema = z
  .object({
    id: z.uuid(),
    object: z.literal('checkout_session'),
    livemode: z.boolean(),
    retailer_id: z.string(),
    store_id: z.string().nullable(),
    order_reference: z.string(),
    /** Send the customer here to choose delivery and pay. */
    checkout_url: safeUrl('Checkout URL'),
    items_total_cents: z.number().int(),
    delivery_options: z.array(apiDeliveryOptionSchema),
    expires_at: z.iso.datetime({ offset: true }),
    created_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'CheckoutInitializeResponse' });
export type CheckoutInitializeResponse = z.infer<typeof checkoutInitializeResponseSchema>;

/**
 * Where a delivery is, in the public API and webhooks: the tracking checkpoints
 * (Pickup Confirmed, En Route, Arriving, Delivered) plus `failed` (the customer could not be
 * reached; the order waits at a safe holding location and may be rescheduled) and `cancelled`.
 */
export const API_DELIVERY_STATUSES = [
  'pickup_confirmed',
  'en_route',
  'arriving',
  'delivered',
  'failed',
  'cancelled',
] as const;
export const apiDeliveryStatusSchema = z.enum(API_DELIVERY_STATUSES);
export type ApiDeliveryStatus = z.infer<typeof apiDeliveryStatusSchema>;

export const API_DELIVERY_STATUS_LABELS: Record<ApiDeliveryStatus, string> = {
  pickup_confirmed: 'Pickup Confirmed',
  en_route: 'En Route',
  arriving: 'Arriving',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const ACTIVE_DELIVERY_STATUSES: readonly ApiDeliveryStatus[] = [
  'pickup_confirmed',
  'en_route',
  'arriving',
];
export const FINAL_DELIVERY_STATUSES: readonly ApiDeliveryStatus[] = [
  'delivered',
  'failed',
  'cancelled',
];

export const apiDeliverySchema = z
  .object({
    id: z.string(),
    object: z.literal('delivery'),
    livemode: z.boolean(),
    status: apiDeliveryStatusSchema,
    order_number: z.string(),
    order_reference: z.string().nullable(),
    checkout_session_id: z.uuid().nullable(),
    delivery_type: z.enum(DELIVERY_TYPES),
    store_id: z.string(),
    store_name: z.string(),
    customer_name: z.string().nullable(),
    fee_cents: z.number().int(),
    window: z.enum(DELIVERY_WINDOWS).nullable(),
    window_ends_at: z.iso.datetime({ offset: true }).nullable(),
    courier: z
      .object({
        kind: z.string(),
        name: z.string(),
        location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
      })
      .nullable(),
    eta: z.iso.datetime({ offset: true }).nullable(),
    cancellable: z.boolean(),
    status_history: z.array(
      z.object({ status: apiDeliveryStatusSchema, at: z.iso.datetime({ offset: true }) }),
    ),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
    delivered_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'RetailerDelivery' });
export type ApiDelivery = z.infer<typeof apiDeliverySchema>;

export const deliveryListQuerySchema = z.object({
  status: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const parts = value.split(',').map((part) => part.trim());
      for (const part of parts) {
        if (!(API_DELIVERY_STATUSES as readonly string[]).includes(part)) {
          ctx.addIssue({
            code: 'custom',
            message: `status must be one of ${API_DELIVERY_STATUSES.join(', ')}`,
          });
          return z.NEVER;
        }
      }
      return parts as ApiDeliveryStatus[];
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 to 100')
    .max(100, 'limit must be 1 to 100')
    .default(25),
  /** The `next_cursor` of the previous page. */
  starting_after: safeText('starting_after').max(200).optional(),
});

export const deliveryListSchema = z
  .object({
    object: z.literal('list'),
    data: z.array(apiDeliverySchema),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'RetailerDeliveryList' });
export type DeliveryList = z.infer<typeof deliveryListSchema>;

export const deliveryParamsSchema = z.object({
  id: safeText('id').min(1).max(80),
});

/** The widget's quote: the cart it is given, priced for display before checkout opens. */
export const widgetCartSchema = z
  .object({
    order_items: z.array(apiOrderItemSchema).min(1, 'order_items needs at least one item').max(100),
    customer_info: apiCustomerInfoSchema.partial({ name: true }).optional(),
    store_id: safeText('store_id').min(1).max(80).optional(),
  })
  .meta({ id: 'WidgetCart' });

export const widgetQuoteSchema = z
  .object({
    retailer_id: z.string(),
    business_name: z.string(),
    livemode: z.boolean(),
    items_total_cents: z.number().int(),
    delivery_options: z.array(apiDeliveryOptionSchema),
  })
  .meta({ id: 'WidgetQuote' });
export type WidgetQuote = z.infer<typeof widgetQuoteSchema>;

export const widgetCheckoutRequestSchema = widgetCartSchema
  .extend({
    customer_info: apiCustomerInfoSchema.partial({ name: true }).optional(),
    order_reference: safeText('order_reference').min(1).max(40).optional(),
  })
  .meta({ id: 'WidgetCheckoutRequest' });

export const widgetCheckoutResponseSchema = z
  .object({
    id: z.uuid(),
    checkout_url: safeUrl('Checkout URL'),
    expires_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'WidgetCheckoutResponse' });

// ---------------------------------------------------------------------------------------------
// The delivery tracking dashboard (signed-in retailer, or the demo store for visitors).

export const DASHBOARD_DAYS = 14;

export const dashboardQuerySchema = z.object({
  mode: z.enum(['test', 'live'], { error: 'mode must be test or live' }).default('test'),
});

export const dashboardCourierSchema = z.object({
  deliveryId: z.string(),
  orderNumber: z.string(),
  status: apiDeliveryStatusSchema,
  kind: z.string(),
  name: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  destination: z.object({ lat: z.number(), lng: z.number() }),
  store: z.object({ name: z.string(), lat: z.number(), lng: z.number() }),
});
export type DashboardCourier = z.infer<typeof dashboardCourierSchema>;

export const dashboardAnalyticsSchema = z.object({
  /** The last 14 days (America/Chicago), oldest first, every day present. */
  perDay: z.array(
    z.object({
      date: z.string(),
      total: z.number().int(),
      delivered: z.number().int(),
      failed: z.number().int(),
      cancelled: z.number().int(),
    }),
  ),
  /** Delivered by the end of the chosen window, of all delivered; null before the first. */
  onTimeRate: z.number().nullable(),
  /** Delivered, of delivered and failed (cancellations are not failures). */
  successRate: z.number().nullable(),
  /** From checkout to the customer, in minutes. */
  averageDeliveryMinutes: z.number().nullable(),
  deliveredCount: z.number().int(),
  totalCount: z.number().int(),
});
export type DashboardAnalytics = z.infer<typeof dashboardAnalyticsSchema>;

export const dashboardSchema = z
  .object({
    mode: z.enum(['test', 'live']),
    /** The demo store's data (a visitor who is not a retailer). */
    demo: z.boolean(),
    businessName: z.string(),
    generatedAt: z.iso.datetime({ offset: true }),
    counts: z.record(apiDeliveryStatusSchema, z.number().int()),
    /** The newest 200 deliveries. */
    deliveries: z.array(apiDeliverySchema),
    couriers: z.array(dashboardCourierSchema),
    analytics: dashboardAnalyticsSchema,
  })
  .meta({ id: 'RetailerDashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;
