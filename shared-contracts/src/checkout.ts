import { z } from 'zod';
import { addressInputSchema } from './addresses.ts';
import { tipCentsSchema } from './order-pickups.ts';
import { paymentSourceSchema } from './payments.ts';
import {
  deliveryDestinationSchema,
  deliveryTypeSchema,
  deliveryWindowSchema,
  MAX_BAGS,
  MIN_BAGS,
  weightClassSchema,
} from './quotes.ts';
import { apiModeSchema } from './retailer.ts';
import { retailerIdSchema } from './retailers.ts';
import { safeText } from './text.ts';

/**
 * Checkout sessions: a retailer hands a customer's order to CurbRun (the retailer API's
 * `POST /api/checkout/initialize` calls the server function `createCheckoutSession`), and the
 * customer opens `/checkout?session=<id>` to choose delivery, pay the delivery fee and tip, which
 * creates the order pickup. The items themselves are paid to the retailer.
 */

export const CHECKOUT_SESSION_STATUSES = ['open', 'completed', 'expired'] as const;
export const checkoutSessionStatusSchema = z.enum(CHECKOUT_SESSION_STATUSES);
export type CheckoutSessionStatus = z.infer<typeof checkoutSessionStatusSchema>;

export const MAX_CHECKOUT_ITEMS = 100;
/** Sessions last a day unless the retailer asks for less. */
export const DEFAULT_CHECKOUT_SESSION_MINUTES = 24 * 60;

export const checkoutItemSchema = z
  .object({
    sku: safeText('SKU').max(64).optional(),
    name: safeText('Name').min(1, 'Item name is required').max(200),
    quantity: z.number().int().min(1, 'Quantity must be at least 1').max(999),
    unitPriceCents: z.number().int().min(0).max(10_000_000),
  })
  .meta({ id: 'CheckoutItem' });
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

export const checkoutCustomerInfoSchema = z
  .object({
    name: safeText('Name').min(1, 'Customer name is required').max(80),
    email: z.email('Invalid email address').max(254).optional(),
    phone: safeText('Phone').max(30).optional(),
    address: addressInputSchema.optional(),
  })
  .meta({ id: 'CheckoutCustomerInfo' });
export type CheckoutCustomerInfo = z.infer<typeof checkoutCustomerInfoSchema>;

/** The input of the server function `createCheckoutSession` (what the retailer API validates). */
export const createCheckoutSessionInputSchema = z
  .object({
    retailerId: retailerIdSchema,
    /** The store holding the order; when absent the customer chooses one of the retailer's. */
    storeId: safeText('Store').min(1).max(80).optional(),
    /** The retailer's own order number, shown to the customer and kept on the order pickup. */
    retailerOrderNumber: safeText('Order number').min(1).max(40).optional(),
    items: z
      .array(checkoutItemSchema)
      .min(1, 'A checkout needs at least one item')
      .max(MAX_CHECKOUT_ITEMS, `A checkout holds at most ${MAX_CHECKOUT_ITEMS} items`),
    customerInfo: checkoutCustomerInfoSchema,
    bags: z.number().int().min(MIN_BAGS).max(MAX_BAGS).optional(),
    weightClass: weightClassSchema.optional(),
    expiresInMinutes: z
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .optional(),
    /** The mode of the retailer key that asked for it (`sk_test_`/`pk_test_` → test); live by default. */
    mode: apiModeSchema.optional(),
  })
  .meta({ id: 'CreateCheckoutSessionInput' });
export type CreateCheckoutSessionInput = z.input<typeof createCheckoutSessionInputSchema>;

/**
 * The customer's details as a checkout session shows them: in full only to the
 * customer they belong to (signed in with that verified email); anyone else with the link sees
 * `masked: true`, an email like `d***@curbrun.test`, a phone with its last two digits and only the
 * address's city and state.
 */
export const checkoutSessionCustomerSchema = z
  .object({
    name: z.string(),
    email: z.string().optional(),
    phone: z.string().optional(),
    address: z
      .object({
        label: z.string().optional(),
        line1: z.string().optional(),
        line2: z.string().optional(),
        city: z.string(),
        state: z.string(),
        zip: z.string().optional(),
        instructions: z.string().optional(),
      })
      .optional(),
    masked: z.boolean(),
  })
  .meta({ id: 'CheckoutSessionCustomer' });
export type CheckoutSessionCustomer = z.infer<typeof checkoutSessionCustomerSchema>;

export const checkoutSessionStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  addressLine: z.string(),
  city: z.string(),
  services: z.array(z.enum(['curbside', 'home_delivery'])),
});

export const checkoutSessionSchema = z
  .object({
    id: z.uuid(),
    status: checkoutSessionStatusSchema,
    /**
     * `test` for a session made with a test key: shown as "Test mode", paid only with a test card
     * (never the wallet or a saved card), and simulated (the order stays out of live data).
     */
    mode: apiModeSchema,
    retailer: z.object({ id: z.string(), name: z.string(), image: z.string() }),
    /** The session's store, or null when the customer chooses among `stores`. */
    store: checkoutSessionStoreSchema.nullable(),
    stores: z.array(checkoutSessionStoreSchema),
    retailerOrderNumber: z.string(),
    items: z.array(checkoutItemSchema),
    itemsTotalCents: z.number().int(),
    customerInfo: checkoutSessionCustomerSchema,
    bags: z.number().int(),
    weightClass: weightClassSchema,
    expiresAt: z.iso.datetime({ offset: true }),
    orderPickupId: z.uuid().nullable(),
    orderNumber: z.string().nullable(),
  })
  .meta({ id: 'CheckoutSession' });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const checkoutSessionParamsSchema = z.object({ id: z.uuid('Checkout session not found') });

/** `POST /api/checkout-sessions/:id/complete`, with an `Idempotency-Key` header. */
export const completeCheckoutRequestSchema = z
  .object({
    storeId: safeText('Store').min(1).max(80).optional(),
    deliveryType: deliveryTypeSchema,
    ...deliveryDestinationSchema.shape,
    window: deliveryWindowSchema,
    tipCents: tipCentsSchema,
    payment: paymentSourceSchema,
    expectedTotalCents: z.number().int().nonnegative().optional(),
  })
  .meta({ id: 'CompleteCheckoutRequest' });
export type CompleteCheckoutRequest = z.input<typeof completeCheckoutRequestSchema>;

export const CHECKOUT_MESSAGES = {
  notFound: 'Checkout session not found',
  expired: 'This checkout has expired. Ask the retailer for a new checkout link.',
  completed: 'This checkout is already complete.',
  storeRequired: 'Choose the store holding your order',
  storeNotRetailers: "That store does not belong to this checkout's retailer",
  testModeCardOnly:
    'This is a test checkout: pay with a test card such as 4242 4242 4242 4242. Wallet funds and saved cards are never used in test mode.',
  testModeNoSave: 'Test cards are not saved to your account.',
} as const;

/** The label a test-mode checkout carries everywhere the customer sees it. */
export const TEST_MODE_LABEL = 'Test mode';
