import { and, eq } from 'drizzle-orm';
import type {
  CheckoutInitializeResponse,
  checkoutInitializeRequestSchema,
} from 'shared-contracts/retailer-api';
import { RETAILER_API_MESSAGES } from 'shared-contracts/retailer-api';
import type { z } from 'zod';
import type { ApiKeyContext } from '../api-keys/guard.ts';
import { createCheckoutSession, defaultWeightClass } from '../checkout-sessions/service.ts';
import type { Db } from '../db/database.ts';
import { BadRequestError, ForbiddenError } from '../http/errors.ts';
import { stores } from '../stores/schema.ts';
import { deliveryOptions } from './delivery-options.ts';
import { retailerCheckouts } from './schema.ts';

type InitializeInput = z.output<typeof checkoutInitializeRequestSchema>;

export const checkoutUrl = (publicUrl: string, sessionId: string) =>
  `${publicUrl}/checkout?session=${sessionId}`;

async function assertOwnStore(db: Db, retailerId: string, storeId: string | undefined) {
  if (!storeId) return;
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.retailerId, retailerId)));
  if (!store) {
    throw new BadRequestError(RETAILER_API_MESSAGES.storeNotFound, [
      { path: 'store_id', message: RETAILER_API_MESSAGES.storeNotFound },
    ]);
  }
}

/**
 * `POST /api/checkout/initialize` (and the widget's checkout): a checkout session through the
 * scheduling domain's `createCheckoutSession`, recorded as the key's retailer and mode, with the
 * delivery options priced for the cart.
 */
export async function initializeCheckout(
  db: Db,
  key: ApiKeyContext,
  body: InitializeInput,
  options: { publicUrl: string; origin?: string; now: Date },
): Promise<CheckoutInitializeResponse> {
  if (body.retailer_id !== key.retailerId) {
    throw new ForbiddenError(RETAILER_API_MESSAGES.retailerMismatch);
  }
  await assertOwnStore(db, key.retailerId, body.store_id);
  const quantity = body.order_items.reduce((sum, item) => sum + item.quantity, 0);
  const weightClass = body.weight_class ?? defaultWeightClass(quantity);
  const address = body.customer_info.address;

  const session = await db.transaction(async (tx) => {
    const row = await createCheckoutSession(
      tx,
      {
        retailerId: key.retailerId,
        storeId: body.store_id,
        retailerOrderNumber: body.order_reference,
        items: body.order_items.map((item) => ({
          sku: item.sku,
          name: item.name,
          quantity: item.quantity,
          unitPriceCents: item.unit_price_cents,
        })),
        customerInfo: {
          name: body.customer_info.name,
          email: body.customer_info.email,
          phone: body.customer_info.phone,
          address: address
            ? {
                line1: address.line1,
                line2: address.line2,
                city: address.city,
                state: address.state,
                zip: address.zip,
              }
            : undefined,
        },
        weightClass,
        expiresInMinutes: body.expires_in_minutes,
        // The session is what the key is: a test key's session is simulated (test-mode.ts).
        mode: key.mode,
      },
      { source: 'retailer_api', now: options.now },
    );
    await tx.insert(retailerCheckouts).values({
      checkoutSessionId: row.id,
      accountId: key.accountId,
      mode: key.mode,
      apiKeyId: key.keyId || null,
      origin: options.origin ?? null,
    });
    return row;
  });

  return {
    id: session.id,
    object: 'checkout_session',
    livemode: key.mode === 'live',
    retailer_id: key.retailerId,
    store_id: session.storeId,
    order_reference: session.retailerOrderNumber,
    checkout_url: checkoutUrl(options.publicUrl, session.id),
    items_total_cents: session.items.reduce(
      (sum, item) => sum + item.quantity * item.unitPriceCents,
      0,
    ),
    delivery_options: await deliveryOptions(db, {
      retailerId: key.retailerId,
      storeId: body.store_id,
      address,
      weightClass,
      now: options.now,
    }),
    expires_at: session.expiresAt.toISOString(),
    created_at: session.createdAt.toISOString(),
  };
}
