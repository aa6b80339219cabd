import { z } from 'zod';
import { type DeliveryAddress, deliveryAddressSchema } from './addresses.ts';
import { paymentSourceSchema, paymentSummarySchema } from './payments.ts';
import {
  bagsSchema,
  deliveryDestinationSchema,
  deliveryTypeSchema,
  deliveryWindowSchema,
  deliveryZoneSchema,
  feeLineSchema,
  weightClassSchema,
} from './quotes.ts';
import { safeText } from './text.ts';

/**
 * Lifecycle of an order pickup. The curbside arrival form offers orders that are `confirmed` or
 * `ready_for_pickup`.
 * - `pending`: created, not paid yet (orders paid at creation skip it);
 * - `confirmed`: paid; couriers may be dispatched;
 * - `ready_for_pickup`: the store has the order ready;
 * - `picked_up`: collected from the store by the courier or robot (curbside: handed over at the
 *   car); free cancellation ends here;
 * - `in_transit`: on its way to a home-delivery address;
 * - `delivered`, `cancelled`: final.
 */
export const ORDER_PICKUP_STATUSES = [
  'pending',
  'confirmed',
  'ready_for_pickup',
  'picked_up',
  'in_transit',
  'delivered',
  'cancelled',
] as const;

export const orderPickupStatusSchema = z.enum(ORDER_PICKUP_STATUSES);

export type OrderPickupStatus = z.infer<typeof orderPickupStatusSchema>;

export const ORDER_PICKUP_STATUS_LABELS: Record<OrderPickupStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  ready_for_pickup: 'Ready for pickup',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The legal status changes; `changeOrderPickupStatus` on the server refuses any other. */
export const ORDER_PICKUP_TRANSITIONS: Record<OrderPickupStatus, readonly OrderPickupStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['ready_for_pickup', 'picked_up', 'cancelled'],
  ready_for_pickup: ['picked_up', 'cancelled'],
  picked_up: ['in_transit', 'delivered'],
  in_transit: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canTransition(from: OrderPickupStatus, to: OrderPickupStatus): boolean {
  return ORDER_PICKUP_TRANSITIONS[from].includes(to);
}

/** Free cancellation until the courier or robot leaves the store. */
export const CANCELLABLE_STATUSES = ['pending', 'confirmed', 'ready_for_pickup'] as const;

export function isCancellable(status: OrderPickupStatus): boolean {
  return (CANCELLABLE_STATUSES as readonly string[]).includes(status);
}

/** `CR-` followed by six digits, e.g. `CR-100234`. */
export const orderNumberSchema = z
  .string()
  .regex(/^CR-\d{6}$/, 'Order number must look like CR-100234');

// ---------------------------------------------------------------------------------------------
// The scheduling flow's steps, each validated on its own by the client and all
// of them together by the server.

export const ORDER_MESSAGES = {
  retailerRequired: 'Choose a retailer',
  storeRequired: 'Choose a store',
  retailerOrderNumberRequired: "Enter the retailer's order number",
  retailerOrderNumberMax: 'Order number must be at most 40 characters',
  retailerOrderNumberCharacters: 'Order number may contain letters, digits, spaces and - _ # /',
  customerNameRequired: 'Enter the name on the order',
  customerNameMax: 'Name must be at most 80 characters',
  notesMax: 'Notes must be at most 500 characters',
  tipRange: 'Tip must be between $0.00 and $100.00',
  notFound: 'Order pickup not found',
  priceChanged: (total: string) =>
    `The price has changed to ${total}. Review the new total and pay again.`,
  notCancellable: (status: string) =>
    `This order can no longer be cancelled: it is ${status}. Free cancellation ends once the courier or robot leaves the store.`,
  robotLeftStore: (orderNumber: string) =>
    `Order ${orderNumber} can no longer be cancelled: the robot has already left the store with it. Free cancellation ends once the courier or robot leaves the store.`,
  robotReturnedToHolding: (orderNumber: string) =>
    `Order ${orderNumber} can no longer be cancelled: the robot already took it out of the store and it is now in the store's secure holding area. Start a new curbside pickup to collect it.`,
} as const;

export const MAX_TIP_CENTS = 10_000;
/** Tip presets in cents; tips go 100% to the driver or robot handler. */
export const TIP_PRESETS_CENTS = [0, 200, 300, 500] as const;

export const storeDetailsStepSchema = z.object({
  retailerId: safeText('Retailer').min(1, ORDER_MESSAGES.retailerRequired),
  storeId: safeText('Store').min(1, ORDER_MESSAGES.storeRequired),
});
export type StoreDetailsStep = z.infer<typeof storeDetailsStepSchema>;

export const orderDetailsStepSchema = z.object({
  retailerOrderNumber: safeText('Order number')
    .min(1, ORDER_MESSAGES.retailerOrderNumberRequired)
    .max(40, ORDER_MESSAGES.retailerOrderNumberMax)
    .regex(/^[A-Za-z0-9 #/_-]+$/, ORDER_MESSAGES.retailerOrderNumberCharacters),
  customerName: safeText('Customer name')
    .min(1, ORDER_MESSAGES.customerNameRequired)
    .max(80, ORDER_MESSAGES.customerNameMax),
  bags: bagsSchema,
  weightClass: weightClassSchema,
  notes: safeText('Notes', { multiline: true }).max(500, ORDER_MESSAGES.notesMax).optional(),
});
export type OrderDetailsStep = z.infer<typeof orderDetailsStepSchema>;
export type OrderDetailsStepInput = z.input<typeof orderDetailsStepSchema>;

export const tipCentsSchema = z
  .number({ error: ORDER_MESSAGES.tipRange })
  .int(ORDER_MESSAGES.tipRange)
  .min(0, ORDER_MESSAGES.tipRange)
  .max(MAX_TIP_CENTS, ORDER_MESSAGES.tipRange);

/** `POST /api/order-pickups`, with an `Idempotency-Key` header. */
export const createOrderPickupRequestSchema = z
  .object({
    storeId: safeText('Store').min(1, ORDER_MESSAGES.storeRequired).max(80),
    ...orderDetailsStepSchema.shape,
    deliveryType: deliveryTypeSchema,
    ...deliveryDestinationSchema.shape,
    window: deliveryWindowSchema,
    tipCents: tipCentsSchema,
    payment: paymentSourceSchema,
    /**
     * The total the person saw. The server always prices the order itself; when its total differs
     * (the fee table or the plan changed meanwhile) it answers 409 instead of charging a surprise.
     */
    expectedTotalCents: z.number().int().nonnegative().optional(),
  })
  .meta({ id: 'CreateOrderPickupRequest' });
export type CreateOrderPickupRequest = z.input<typeof createOrderPickupRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Answers.

/** The list item `{id, orderNumber, storeName, status}` clients rely on, with a few more fields. */
export const orderPickupListItemSchema = z
  .object({
    id: z.uuid(),
    orderNumber: z.string(),
    storeName: z.string(),
    status: orderPickupStatusSchema,
    storeId: z.string(),
    retailerName: z.string(),
    deliveryType: deliveryTypeSchema,
    retailerOrderNumber: z.string().nullable(),
    totalCents: z.number().int(),
    windowStartsAt: z.iso.datetime({ offset: true }).nullable(),
    windowEndsAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'OrderPickupListItem' });
export type OrderPickupListItem = z.infer<typeof orderPickupListItemSchema>;

export const orderPickupListSchema = z.array(orderPickupListItemSchema);

/** `GET /api/order-pickups?status=confirmed,ready_for_pickup` narrows the list. */
export const orderPickupListQuerySchema = z.object({
  status: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const statuses = value.split(',').map((part) => part.trim());
      for (const status of statuses) {
        if (!(ORDER_PICKUP_STATUSES as readonly string[]).includes(status)) {
          ctx.addIssue({ code: 'custom', message: `Unknown status: ${status}` });
          return z.NEVER;
        }
      }
      return statuses as OrderPickupStatus[];
    }),
});

export const statusChangeSchema = z.object({
  status: orderPickupStatusSchema,
  at: z.iso.datetime({ offset: true }),
  note: z.string().nullable(),
});

export const orderPickupSchema = orderPickupListItemSchema
  .extend({
    store: z.object({
      id: z.string(),
      name: z.string(),
      addressLine: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      location: z.object({ lat: z.number(), lng: z.number() }),
    }),
    retailerId: z.string(),
    customerName: z.string().nullable(),
    bags: z.number().int(),
    weightClass: weightClassSchema,
    notes: z.string().nullable(),
    deliveryAddress: deliveryAddressSchema.nullable(),
    window: deliveryWindowSchema.nullable(),
    zone: deliveryZoneSchema.nullable(),
    distanceMiles: z.number().nullable(),
    feeLines: z.array(feeLineSchema),
    feeCents: z.number().int(),
    discountCents: z.number().int(),
    tipCents: z.number().int(),
    payment: paymentSummarySchema.nullable(),
    checkoutSessionId: z.uuid().nullable(),
    cancellable: z.boolean(),
    statusHistory: z.array(statusChangeSchema),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'OrderPickup' });
export type OrderPickup = z.infer<typeof orderPickupSchema>;

export const orderPickupParamsSchema = z.object({ id: z.uuid(ORDER_MESSAGES.notFound) });

export type { DeliveryAddress };
