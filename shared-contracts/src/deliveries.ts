import { z } from 'zod';
import { locationSchema } from './addresses.ts';
import { deliveryTypeSchema } from './quotes.ts';
import { safeText } from './text.ts';

/**
 * Deliveries: the courier trip that brings an order pickup to the customer's car
 * (curbside, an in-house robot) or home (a driver of CurbRun or of a partner fleet). Created when
 * an order is confirmed; followed live at /delivery-tracking/:id.
 */

// ---------------------------------------------------------------------------------------------
// Statuses and the four checkpoints (docs/product.md, "Deliveries and tracking").

/**
 * - `pickup_confirmed`: a courier is assigned and collects the order at the store; free
 *   cancellation until the courier leaves;
 * - `en_route`: on the way (robot to the parking spot, driver to the address);
 * - `arriving`: a few minutes out;
 * - `awaiting_customer`: at the door for a hand-over that needs a signature; waits 5 minutes;
 * - `delivered`: with proof of delivery;
 * - `held`: the customer was unavailable; at a safe holding location, rescheduling is free;
 * - `cancelled`.
 */
export const DELIVERY_STATUSES = [
  'pickup_confirmed',
  'en_route',
  'arriving',
  'awaiting_customer',
  'delivered',
  'held',
  'cancelled',
] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pickup_confirmed: 'Pickup Confirmed',
  en_route: 'En Route',
  arriving: 'Arriving',
  awaiting_customer: 'At your door',
  delivered: 'Delivered',
  held: 'At a safe holding location',
  cancelled: 'Cancelled',
};

export const DELIVERY_STATUS_DESCRIPTIONS: Record<DeliveryStatus, string> = {
  pickup_confirmed: 'Your courier is collecting your order at the store.',
  en_route: 'Your order has left the store and is on its way.',
  arriving: 'Your courier is a few minutes away.',
  awaiting_customer: 'Your courier is at your door and needs you to sign for your order.',
  delivered: 'Your order has been delivered.',
  held: 'We could not reach you, so your order is waiting at a safe holding location. Rescheduling is free.',
  cancelled: 'This delivery was cancelled.',
};

export const FINAL_DELIVERY_STATUSES = ['delivered', 'cancelled'] as const;

export function isFinalDeliveryStatus(status: DeliveryStatus): boolean {
  return (FINAL_DELIVERY_STATUSES as readonly string[]).includes(status);
}

/** The checkpoints the pages show, in order. */
export const DELIVERY_CHECKPOINTS = [
  { id: 'pickup_confirmed', label: 'Pickup Confirmed' },
  { id: 'en_route', label: 'En Route' },
  { id: 'arriving', label: 'Arriving' },
  { id: 'delivered', label: 'Delivered' },
] as const;
export type DeliveryCheckpointId = (typeof DELIVERY_CHECKPOINTS)[number]['id'];

/** Index in DELIVERY_CHECKPOINTS of the last checkpoint a status has reached. */
export function checkpointIndexOf(status: DeliveryStatus): number {
  switch (status) {
    case 'pickup_confirmed':
    case 'cancelled':
      return 0;
    case 'en_route':
      return 1;
    case 'arriving':
    case 'awaiting_customer':
    case 'held':
      return 2;
    case 'delivered':
      return 3;
  }
}

// ---------------------------------------------------------------------------------------------
// The multi-partner courier network.

export const COURIER_FLEETS = [
  'curbrun_robots',
  'curbrun_drivers',
  'doordash_drive',
  'lone_star_couriers',
] as const;
export const courierFleetSchema = z.enum(COURIER_FLEETS);
export type CourierFleet = z.infer<typeof courierFleetSchema>;

export const COURIER_FLEET_INFO: Record<
  CourierFleet,
  { name: string; kind: 'robot' | 'driver'; partner: boolean }
> = {
  curbrun_robots: { name: 'CurbRun Robot Fleet', kind: 'robot', partner: false },
  curbrun_drivers: { name: 'CurbRun Drivers', kind: 'driver', partner: false },
  doordash_drive: { name: 'DoorDash Drive', kind: 'driver', partner: true },
  lone_star_couriers: { name: 'Lone Star Couriers', kind: 'driver', partner: true },
};

export const PROOF_KINDS = ['photo', 'signature', 'pin'] as const;
export const proofKindSchema = z.enum(PROOF_KINDS);
export type ProofKind = z.infer<typeof proofKindSchema>;

// ---------------------------------------------------------------------------------------------
// Messages.

export const DELIVERY_MESSAGES = {
  notFound: 'Delivery not found',
  orderHasNoDelivery: 'This order has no delivery to follow yet.',
  notCancellable:
    'This delivery can no longer be cancelled for free: the courier has already left the store.',
  curbsideCancelHere:
    'Cancel this order from its delivery page while the robot is still at the store.',
  notAtDoor: 'Your courier is not waiting at your door right now.',
  notHeld: 'Only a delivery waiting at a holding location can be rescheduled.',
  noProofYet: 'There is no proof of delivery for this delivery yet.',
  cancelled: 'Delivery cancelled. Your payment is being refunded to where it came from.',
  rescheduled: 'Delivery rescheduled free of charge. Your courier is on the way again.',
} as const;

// ---------------------------------------------------------------------------------------------
// Answers.

const isoDate = z.iso.datetime({ offset: true });

export const courierSchema = z
  .object({
    kind: z.enum(['robot', 'driver']),
    fleet: courierFleetSchema,
    fleetName: z.string(),
    partner: z.boolean(),
    /** Driver's first name and last initial, or the robot's name (null until a robot is assigned). */
    name: z.string().nullable(),
    /** "White Ford E-Transit · TX CRV-4821"; null for robots. */
    vehicle: z.string().nullable(),
  })
  .meta({ id: 'Courier' });
export type Courier = z.infer<typeof courierSchema>;

export const placeSchema = z.object({
  name: z.string(),
  /** Street line (the store's address, or the delivery address's first line). */
  addressLine: z.string(),
  location: locationSchema,
});
export type Place = z.infer<typeof placeSchema>;

export const courierPositionSchema = z
  .object({
    location: locationSchema,
    /** 0 at the start of the current leg, 1 at its end. */
    progress: z.number().min(0).max(1),
    remainingMiles: z.number().nonnegative(),
    at: isoDate,
  })
  .meta({ id: 'CourierPosition' });
export type CourierPosition = z.infer<typeof courierPositionSchema>;

export const deliveryCheckpointSchema = z.object({
  id: z.enum(['pickup_confirmed', 'en_route', 'arriving', 'delivered']),
  label: z.string(),
  reached: z.boolean(),
  /** When it was first reached. */
  at: isoDate.nullable(),
});
export type DeliveryCheckpoint = z.infer<typeof deliveryCheckpointSchema>;

export const deliveryTimelineEntrySchema = z.object({
  id: z.number().int(),
  status: deliveryStatusSchema,
  message: z.string(),
  at: isoDate,
  etaAt: isoDate.nullable(),
});
export type DeliveryTimelineEntry = z.infer<typeof deliveryTimelineEntrySchema>;

export const deliveryProofSchema = z
  .object({
    kind: proofKindSchema,
    capturedAt: isoDate,
    /** "Photo taken at your front door by Maria G."; for robots, "Collected with your PIN". */
    description: z.string(),
    /** Owner-only image (bearer token); null for PIN proof. */
    imageUrl: z.string().nullable(),
  })
  .meta({ id: 'DeliveryProof' });
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;

/** An optional map tile layer, served only when the operator configured one (MAP_TILE_URL). */
export const mapTilesSchema = z.object({
  urlTemplate: z.string(),
  attribution: z.string(),
});
export type MapTiles = z.infer<typeof mapTilesSchema>;

export const deliverySummarySchema = z
  .object({
    id: z.uuid(),
    orderPickupId: z.uuid(),
    orderNumber: z.string(),
    storeName: z.string(),
    deliveryType: deliveryTypeSchema,
    status: deliveryStatusSchema,
    courier: courierSchema,
    etaAt: isoDate.nullable(),
    deliveredAt: isoDate.nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'DeliverySummary' });
export type DeliverySummary = z.infer<typeof deliverySummarySchema>;

export const deliverySchema = deliverySummarySchema
  .extend({
    /** Why this courier was chosen (dispatch rules). */
    dispatchReason: z.string(),
    checkpoints: z.array(deliveryCheckpointSchema),
    origin: placeSchema,
    destination: placeSchema,
    /** Where the order waits after a missed hand-over. */
    holdingLocation: placeSchema.nullable(),
    /** The current leg's path, first point at its start. */
    route: z.array(locationSchema),
    routeMiles: z.number().nonnegative(),
    position: courierPositionSchema,
    windowStartsAt: isoDate.nullable(),
    windowEndsAt: isoDate.nullable(),
    /** Delivery attempt, 1 for the first; rescheduling after a missed hand-over adds one. */
    attempt: z.number().int().min(1),
    /** Whether the hand-over needs the customer at the door (signature). */
    signatureRequired: z.boolean(),
    timeline: z.array(deliveryTimelineEntrySchema),
    proof: deliveryProofSchema.nullable(),
    cancellable: z.boolean(),
    canConfirmPresence: z.boolean(),
    canReschedule: z.boolean(),
    /** The curbside pickup that moves it, for curbside orders (link to /curbside-pickup). */
    curbsidePickupId: z.uuid().nullable(),
    mapTiles: mapTilesSchema.nullable(),
    /**
     * The newest live event of this delivery when it was read: send it as `Last-Event-ID` to
     * `/api/deliveries/:id/events` to get exactly what happened since.
     */
    lastEventId: z.number().int().nullable(),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof deliverySchema>;

export const DELIVERY_PAGE_SIZES = [5, 10, 20, 50] as const;

/** `GET /api/deliveries` (and `/api/doordash/deliveries`): the caller's, newest first. */
export const deliveryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (value) => (DELIVERY_PAGE_SIZES as readonly number[]).includes(value),
      `Page size must be one of ${DELIVERY_PAGE_SIZES.join(', ')}`,
    )
    .default(10),
  status: deliveryStatusSchema.optional(),
});
export type DeliveryListQuery = z.input<typeof deliveryListQuerySchema>;

export const deliveryPageSchema = z
  .object({
    deliveries: z.array(deliverySummarySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'DeliveryPage' });
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

export const deliveryParamsSchema = z.object({ id: z.uuid(DELIVERY_MESSAGES.notFound) });
export const deliveryOrderParamsSchema = z.object({
  orderId: z.uuid(DELIVERY_MESSAGES.orderHasNoDelivery),
});

// ---------------------------------------------------------------------------------------------
// Live events on `/api/deliveries/:id/events`.

/** `event: delivery`, data: the whole `Delivery` after a change of status or ETA. */
export const DELIVERY_EVENT_TYPE = 'delivery';
/** `event: position`, data: `DeliveryPositionEvent` while the courier moves. */
export const DELIVERY_POSITION_EVENT_TYPE = 'position';

export const deliveryPositionEventSchema = z.object({
  deliveryId: z.uuid(),
  status: deliveryStatusSchema,
  position: courierPositionSchema,
  etaAt: isoDate.nullable(),
});
export type DeliveryPositionEvent = z.infer<typeof deliveryPositionEventSchema>;

// ---------------------------------------------------------------------------------------------
// Pickup history (`GET /api/pickup-history`): the caller's order pickups and curbside pickups.

/** The history filter: every kind of entry is in exactly one group. */
export const HISTORY_FILTERS = ['active', 'delivered', 'cancelled'] as const;
export const historyFilterSchema = z.enum(HISTORY_FILTERS, { error: 'Unknown status filter' });
export type HistoryFilter = z.infer<typeof historyFilterSchema>;

export const HISTORY_FILTER_LABELS: Record<HistoryFilter, string> = {
  active: 'In progress',
  delivered: 'Delivered',
  cancelled: 'Cancelled or failed',
};

export const HISTORY_PAGE_SIZES = [10, 20, 50] as const;
export const HISTORY_SEARCH_MAX = 40;

export const pickupHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (value) => (HISTORY_PAGE_SIZES as readonly number[]).includes(value),
      `Page size must be one of ${HISTORY_PAGE_SIZES.join(', ')}`,
    )
    .default(10),
  status: historyFilterSchema.optional(),
  /** Part of the CR- order number (or the retailer's own number), any case. */
  q: safeText('Search')
    .max(HISTORY_SEARCH_MAX, `Search must be at most ${HISTORY_SEARCH_MAX} characters`)
    .optional(),
});
export type PickupHistoryQuery = z.input<typeof pickupHistoryQuerySchema>;

export const pickupHistoryItemSchema = z
  .object({
    kind: z.enum(['order', 'curbside']),
    /** The order pickup's id, or the curbside pickup's. */
    id: z.uuid(),
    orderPickupId: z.uuid(),
    orderNumber: z.string(),
    retailerOrderNumber: z.string().nullable(),
    storeName: z.string(),
    retailerName: z.string(),
    deliveryType: deliveryTypeSchema,
    group: historyFilterSchema,
    /** The entry's own status: an order pickup status, or a curbside status. */
    status: z.string(),
    statusLabel: z.string(),
    /** For orders: their delivery's status, when dispatched. */
    deliveryStatus: deliveryStatusSchema.nullable(),
    /** Curbside pickups: where the car was. */
    parkingSpotNumber: z.string().nullable(),
    totalCents: z.number().int().nullable(),
    createdAt: isoDate,
    /** Where to follow it: /delivery-tracking/:orderId or /curbside-pickup?pickup=:id. */
    trackingPath: z.string(),
  })
  .meta({ id: 'PickupHistoryItem' });
export type PickupHistoryItem = z.infer<typeof pickupHistoryItemSchema>;

export const pickupHistoryPageSchema = z
  .object({
    items: z.array(pickupHistoryItemSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'PickupHistoryPage' });
export type PickupHistoryPage = z.infer<typeof pickupHistoryPageSchema>;
