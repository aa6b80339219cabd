import { z } from 'zod';
import { safeText } from './text.ts';

/**
 * Curbside pickup with robot delivery (docs/product.md, "Curbside pickup"): the arrival form, the
 * pickup record, its statuses and the PIN check. One schema serves the form and the server.
 */

// ---------------------------------------------------------------------------------------------
// Statuses, in the order a pickup normally goes through them.

export const CURBSIDE_STATUSES = [
  'order_ready',
  'customer_arrived',
  'robot_dispatched',
  'robot_collecting',
  'robot_en_route',
  'awaiting_verification',
  'verified',
  'delivered',
  'failed',
  'cancelled',
] as const;

export const curbsideStatusSchema = z.enum(CURBSIDE_STATUSES);
export type CurbsideStatus = z.infer<typeof curbsideStatusSchema>;

/** Statuses a pickup never leaves. */
export const CURBSIDE_FINAL_STATUSES = [
  'delivered',
  'failed',
  'cancelled',
] as const satisfies readonly CurbsideStatus[];

export function isFinalCurbsideStatus(status: CurbsideStatus): boolean {
  return (CURBSIDE_FINAL_STATUSES as readonly CurbsideStatus[]).includes(status);
}

/** The statuses' labels, word for word as docs/product.md lists them. */
export const CURBSIDE_STATUS_LABELS: Record<CurbsideStatus, string> = {
  order_ready: 'Order Ready',
  customer_arrived: "You've Arrived",
  robot_dispatched: 'Robot Dispatched',
  robot_collecting: 'Collecting Order',
  robot_en_route: 'Robot En Route',
  awaiting_verification: 'Robot Arrived',
  verified: 'Verified',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const CURBSIDE_FAILED_TEXT = 'Delivery failed - contact support';

/** The status header's description under the label, in full sentences. */
export const CURBSIDE_STATUS_DESCRIPTIONS: Record<CurbsideStatus, string> = {
  order_ready: 'Your order is ready for curbside pickup.',
  customer_arrived: 'The store knows you are here. A robot will be dispatched shortly.',
  robot_dispatched: 'A robot has been assigned to your order and is heading to collect it.',
  robot_collecting: 'The robot is collecting your order inside the store.',
  robot_en_route: 'The robot is on its way to your parking spot.',
  awaiting_verification: 'The robot is at your car. Enter your PIN to open the compartment.',
  verified: 'PIN accepted. Collect your order from the robot compartment.',
  delivered: 'Your order has been collected. Thank you!',
  failed: CURBSIDE_FAILED_TEXT,
  cancelled: 'This curbside pickup was cancelled.',
};

// ---------------------------------------------------------------------------------------------
// Limits. The minimums are the product's; the maximums keep oversized values out.

export const PHONE_MIN_LENGTH = 10;
export const PIN_LENGTH = 4;
/** Three tries, then the delivery fails. */
export const MAX_VERIFICATION_ATTEMPTS = 3;
export const CUSTOMER_NAME_MAX_LENGTH = 100;
export const PARKING_SPOT_MAX_LENGTH = 20;
export const PHONE_MAX_LENGTH = 25;
export const VEHICLE_DESCRIPTION_MAX_LENGTH = 200;
export const SPECIAL_INSTRUCTIONS_MAX_LENGTH = 500;
export const ORDER_NUMBER_MAX_LENGTH = 40;

// Messages; the ones docs/product.md lists are relied on by tests and clients, word for word.
export const CURBSIDE_MESSAGES = {
  customerNameRequired: 'Your name is required',
  customerNameMax: `Your name must be at most ${CUSTOMER_NAME_MAX_LENGTH} characters`,
  parkingSpotRequired: 'Parking spot number is required',
  parkingSpotMax: `Parking spot number must be at most ${PARKING_SPOT_MAX_LENGTH} characters`,
  phoneInvalid: 'Valid phone number is required',
  orderNumberRequired: 'Order number is required',
  orderNumberMax: `Order number must be at most ${ORDER_NUMBER_MAX_LENGTH} characters`,
  vehicleDescriptionMax: `Vehicle description must be at most ${VEHICLE_DESCRIPTION_MAX_LENGTH} characters`,
  specialInstructionsMax: `Special instructions must be at most ${SPECIAL_INSTRUCTIONS_MAX_LENGTH} characters`,
  pinLength: 'PIN must be 4 digits',
  invalidPin: 'Invalid PIN. Please try again.',
} as const;

/** Toasts, word for word as docs/product.md ("Toasts") lists them. */
export const CURBSIDE_TOASTS = {
  notified: {
    title: 'Store Notified!',
    description: 'The store has been notified of your arrival. A robot will be dispatched shortly.',
  },
  notifyFailed: {
    title: 'Notification Failed',
    description: 'Failed to notify store. Please try again.',
  },
  verified: {
    title: 'Verification Successful!',
    description: 'Please collect your order from the robot compartment.',
  },
  verifyFailed: { title: 'Verification Failed', description: 'Invalid PIN. Please try again.' },
  loadFailed: {
    title: 'Unable to load pickup status',
    description: 'Please check your pickup ID and try again.',
  },
} as const;

// Digits with the usual separators, and at least PHONE_MIN_LENGTH digits: the PIN is sent there
// by SMS, so "at least 10 characters" of anything is not enough.
const PHONE_PATTERN = /^\+?[0-9 ().-]+$/;

function countDigits(value: string): number {
  return value.replace(/\D/g, '').length;
}

const optionalText = (label: string, max: number, message: string, multiline = false) =>
  safeText(label, { multiline })
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

/** The arrival form and the body of `POST /api/curbside-pickups`. */
export const curbsideArrivalSchema = z.object({
  customerName: safeText('Customer name', { typeError: CURBSIDE_MESSAGES.customerNameRequired })
    .min(1, CURBSIDE_MESSAGES.customerNameRequired)
    .max(CUSTOMER_NAME_MAX_LENGTH, CURBSIDE_MESSAGES.customerNameMax),
  parkingSpotNumber: safeText('Parking spot', { typeError: CURBSIDE_MESSAGES.parkingSpotRequired })
    .min(1, CURBSIDE_MESSAGES.parkingSpotRequired)
    .max(PARKING_SPOT_MAX_LENGTH, CURBSIDE_MESSAGES.parkingSpotMax),
  phoneNumber: safeText('Phone number', { typeError: CURBSIDE_MESSAGES.phoneInvalid })
    .min(PHONE_MIN_LENGTH, CURBSIDE_MESSAGES.phoneInvalid)
    .max(PHONE_MAX_LENGTH, CURBSIDE_MESSAGES.phoneInvalid)
    .regex(PHONE_PATTERN, CURBSIDE_MESSAGES.phoneInvalid)
    .refine((value) => countDigits(value) >= PHONE_MIN_LENGTH, CURBSIDE_MESSAGES.phoneInvalid),
  vehicleDescription: optionalText(
    'Vehicle description',
    VEHICLE_DESCRIPTION_MAX_LENGTH,
    CURBSIDE_MESSAGES.vehicleDescriptionMax,
  ),
  specialInstructions: optionalText(
    'Special instructions',
    SPECIAL_INSTRUCTIONS_MAX_LENGTH,
    CURBSIDE_MESSAGES.specialInstructionsMax,
    true,
  ),
  orderNumber: safeText('Order number', { typeError: CURBSIDE_MESSAGES.orderNumberRequired })
    .min(1, CURBSIDE_MESSAGES.orderNumberRequired)
    .max(ORDER_NUMBER_MAX_LENGTH, CURBSIDE_MESSAGES.orderNumberMax)
    // No format check here: the form only requires a value, and an order number that is not
    // one of the caller's orders gets the server's clear "could not find order" answer.
    .transform((value) => value.toUpperCase()),
});
export type CurbsideArrivalInput = z.input<typeof curbsideArrivalSchema>;
export type CurbsideArrival = z.output<typeof curbsideArrivalSchema>;

/** `POST /api/curbside-pickups` answers both spellings of the id (clients read `_id`). */
export const createCurbsidePickupResponseSchema = z.object({ id: z.uuid(), _id: z.uuid() });
export type CreateCurbsidePickupResponse = z.infer<typeof createCurbsidePickupResponseSchema>;

export const curbsidePickupParamsSchema = z.object({
  id: z.uuid('Curbside pickup not found'),
});

/** The verification form and the body of `POST .../verify`. */
export const verifyPinSchema = z.object({
  verificationPin: z
    .string(CURBSIDE_MESSAGES.pinLength)
    .trim()
    .regex(/^\d{4}$/, CURBSIDE_MESSAGES.pinLength),
});
export type VerifyPinInput = z.input<typeof verifyPinSchema>;

export const trackingUpdateSchema = z.object({
  /** ISO 8601. */
  timestamp: z.iso.datetime({ offset: true }),
  status: curbsideStatusSchema,
  message: z.string(),
  /** ISO 8601; when the robot is expected at the car, for updates sent while it is on its way. */
  estimatedArrival: z.iso.datetime({ offset: true }).optional(),
});
export type TrackingUpdate = z.infer<typeof trackingUpdateSchema>;

/** The curbside pickup record, without the PIN (it only travels by SMS). */
export const curbsidePickupSchema = z
  .object({
    _id: z.uuid(),
    customerName: z.string(),
    parkingSpotNumber: z.string(),
    orderNumber: z.string(),
    status: curbsideStatusSchema,
    verificationAttempts: z.number().int().nonnegative(),
    maxVerificationAttempts: z.number().int().positive(),
    /** ISO 8601; set while the robot is on its way to the car. */
    estimatedDeliveryTime: z.iso.datetime({ offset: true }).optional(),
    robotName: z.string().optional(),
    /** Oldest first, as they happened; the timeline shows them newest first. */
    trackingUpdates: z.array(trackingUpdateSchema),
  })
  .meta({ id: 'CurbsidePickup' });
export type CurbsidePickup = z.infer<typeof curbsidePickupSchema>;

/** The payload of every event on `GET /api/curbside-pickups/:id/events`: the whole record. */
export const CURBSIDE_EVENT_TYPE = 'pickup';

/** The order pickups the arrival form's order selector offers. */
export const CURBSIDE_ELIGIBLE_ORDER_STATUSES = ['ready_for_pickup', 'confirmed'] as const;
