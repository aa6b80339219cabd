import { and, asc, eq } from 'drizzle-orm';
import {
  CHECKOUT_MESSAGES,
  type CheckoutCustomerInfo,
  type CheckoutSession,
  type CheckoutSessionCustomer,
  type CreateCheckoutSessionInput,
  type completeCheckoutRequestSchema,
  createCheckoutSessionInputSchema,
  DEFAULT_CHECKOUT_SESSION_MINUTES,
} from 'shared-contracts/checkout';
import type { OrderPickup } from 'shared-contracts/order-pickups';
import { MAX_BAGS, type WeightClass } from 'shared-contracts/quotes';
import type { z } from 'zod';
import type { AuthUser } from '../auth/user.ts';
import type { Db } from '../db/database.ts';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../http/errors.ts';
import {
  type CheckoutSessionRow,
  type CheckoutSessionSource,
  checkoutSessions,
  orderPickups,
} from '../order-pickups/schema.ts';
import { createOrderPickup, type OrderPickupDeps } from '../order-pickups/service.ts';
import { retailers } from '../retailers/schema.ts';
import { type StoreRow, stores } from '../stores/schema.ts';
import { assertTestPaymentSource, providerForMode } from './test-mode.ts';

/**
 * Checkout sessions. The retailer API (`POST /api/checkout/initialize`) creates them
 * with `createCheckoutSession`; the customer completes one at `/checkout?session=<id>`.
 */

/** Items → bags: about five items a bag. */
export function defaultBags(totalQuantity: number): number {
  return Math.min(MAX_BAGS, Math.max(1, Math.ceil(totalQuantity / 5)));
}

/** Items → a weight class, when the retailer does not say. */
export function defaultWeightClass(totalQuantity: number): WeightClass {
  if (totalQuantity <= 3) return 'small';
  if (totalQuantity <= 8) return 'medium';
  if (totalQuantity <= 15) return 'large';
  return 'extra_large';
}

function toStoreSummary(store: StoreRow) {
  return {
    id: store.id,
    name: store.name,
    addressLine: store.addressLine,
    city: store.city,
    services: store.services,
  };
}

/**
 * Creates a session for a retailer's order. Validates its input with the shared schema (400 with
 * the issues otherwise), checks that the retailer exists and owns the store. Returns the row;
 * the customer's URL is `/checkout?session=<id>`. `source` says who sent the items (schema.ts).
 */
export async function createCheckoutSession(
  db: Db,
  input: CreateCheckoutSessionInput,
  { source, now = new Date() }: { source: CheckoutSessionSource; now?: Date },
): Promise<CheckoutSessionRow> {
  const parsed = createCheckoutSessionInputSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new BadRequestError(issues[0]?.message ?? 'Invalid checkout session', issues);
  }
  const data = parsed.data;
  const [retailer] = await db.select().from(retailers).where(eq(retailers.id, data.retailerId));
  if (!retailer) throw new BadRequestError('Retailer not found');
  if (data.storeId) {
    const [store] = await db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.id, data.storeId), eq(stores.retailerId, data.retailerId)));
    if (!store) throw new BadRequestError(CHECKOUT_MESSAGES.storeNotRetailers);
  }
  const quantity = data.items.reduce((sum, item) => sum + item.quantity, 0);
  const minutes = data.expiresInMinutes ?? DEFAULT_CHECKOUT_SESSION_MINUTES;
  const [row] = await db
    .insert(checkoutSessions)
    .values({
      retailerId: data.retailerId,
      storeId: data.storeId ?? null,
      retailerOrderNumber:
        data.retailerOrderNumber ?? `WEB-${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
      items: data.items,
      customerInfo: data.customerInfo,
      bags: data.bags ?? defaultBags(quantity),
      weightClass: data.weightClass ?? defaultWeightClass(quantity),
      expiresAt: new Date(now.getTime() + minutes * 60_000),
      mode: data.mode ?? 'live',
      source,
    })
    .returning();
  if (!row) throw new Error('Inserting the checkout session returned no row');
  return row;
}

/** A completed session is its completer's alone: 404 for anyone else (see getCheckoutSession). */
function assertMayOpen(session: CheckoutSessionRow, viewerId: string): void {
  if (session.status === 'completed' && session.completedByUserId !== viewerId) {
    throw new NotFoundError(CHECKOUT_MESSAGES.notFound);
  }
}

/**
 * The session's customer details for `viewer`: in full when the viewer signed in with the
 * customer's email and verified it, masked otherwise (the name down to its initials), since the
 * link may have been forwarded or leaked.
 */
export function customerView(
  info: CheckoutCustomerInfo,
  viewer: Pick<AuthUser, 'email' | 'emailVerified'>,
): CheckoutSessionCustomer {
  const owner =
    info.email !== undefined &&
    viewer.emailVerified &&
    info.email.toLowerCase() === viewer.email.toLowerCase();
  if (owner) return { ...info, masked: false };
  return {
    name: maskName(info.name),
    ...(info.email === undefined ? {} : { email: maskEmail(info.email) }),
    ...(info.phone === undefined ? {} : { phone: maskPhone(info.phone) }),
    ...(info.address === undefined
      ? {}
      : { address: { city: info.address.city, state: info.address.state } }),
    masked: true,
  };
}

/** Initials only: `Ada Lovelace` → `A. L.`, `Élodie de la Cruz` → `É. D. L. C.`. */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${Array.from(word)[0]?.toUpperCase()}.`)
    .join(' ');
}

/** `dana@curbrun.test` → `d***@curbrun.test`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

/** Every digit but the last two hidden: `+1 214 555 0167` → `*** *** **67`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `*** *** **${digits.slice(-2)}`;
}

export function sessionStatus(row: CheckoutSessionRow, now: Date): CheckoutSession['status'] {
  if (row.status === 'open' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

/**
 * The session as the checkout page shows it to `viewerId`. Who sees what:
 * - open: anyone signed in with the link (an unguessable id the retailer hands to its customer,
 *   who may sign in with any account); the contact details in full only to the customer they
 *   belong to, masked for anyone else (`customerView`);
 * - expired: the same people, but only the customer's name: the link no longer leads anywhere;
 * - completed: only the customer who completed it; anyone else gets 404 like an unknown id, so a
 *   leaked link never shows a stranger who ordered what, nor their email, phone or address.
 */
export async function getCheckoutSession(
  db: Db,
  id: string,
  now: Date,
  viewer: Pick<AuthUser, 'id' | 'email' | 'emailVerified'>,
): Promise<CheckoutSession> {
  const [row] = await db
    .select({
      session: checkoutSessions,
      retailer: retailers,
      orderNumber: orderPickups.orderNumber,
    })
    .from(checkoutSessions)
    .innerJoin(retailers, eq(retailers.id, checkoutSessions.retailerId))
    .leftJoin(orderPickups, eq(orderPickups.id, checkoutSessions.orderPickupId))
    .where(eq(checkoutSessions.id, id));
  if (!row) throw new NotFoundError(CHECKOUT_MESSAGES.notFound);
  const { session, retailer } = row;
  assertMayOpen(session, viewer.id);
  const status = sessionStatus(session, now);
  const retailerStores = await db
    .select()
    .from(stores)
    .where(eq(stores.retailerId, retailer.id))
    .orderBy(asc(stores.metroArea), asc(stores.name));
  const store = session.storeId
    ? retailerStores.find((item) => item.id === session.storeId)
    : undefined;
  return {
    id: session.id,
    status,
    mode: session.mode,
    retailer: { id: retailer.id, name: retailer.name, image: retailer.image },
    store: store ? toStoreSummary(store) : null,
    stores: retailerStores.map(toStoreSummary),
    retailerOrderNumber: session.retailerOrderNumber,
    items: session.items,
    itemsTotalCents: session.items.reduce(
      (sum, item) => sum + item.quantity * item.unitPriceCents,
      0,
    ),
    customerInfo:
      status === 'expired'
        ? { name: customerView(session.customerInfo, viewer).name, masked: true }
        : customerView(session.customerInfo, viewer),
    bags: session.bags,
    weightClass: session.weightClass,
    expiresAt: session.expiresAt.toISOString(),
    orderPickupId: session.orderPickupId,
    orderNumber: row.orderNumber,
  };
}

/**
 * Pays the delivery of a session and creates its order pickup (source `checkout`), marking the
 * session complete in the same transaction: a session yields at most one order.
 */
export async function completeCheckoutSession(
  db: Db,
  deps: OrderPickupDeps,
  input: {
    userId: string;
    sessionId: string;
    request: z.output<typeof completeCheckoutRequestSchema>;
    idempotencyKey?: string;
    now: Date;
  },
): Promise<OrderPickup> {
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, input.sessionId));
  if (!session) throw new NotFoundError(CHECKOUT_MESSAGES.notFound);
  assertMayOpen(session, input.userId);
  const status = sessionStatus(session, input.now);
  if (status === 'expired') throw new HttpError(410, CHECKOUT_MESSAGES.expired);
  if (status === 'completed') throw new ConflictError(CHECKOUT_MESSAGES.completed);

  const storeId = session.storeId ?? input.request.storeId;
  if (!storeId) {
    throw new BadRequestError(CHECKOUT_MESSAGES.storeRequired, [
      { path: 'storeId', message: CHECKOUT_MESSAGES.storeRequired },
    ]);
  }
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.retailerId, session.retailerId)));
  if (!store) throw new BadRequestError(CHECKOUT_MESSAGES.storeNotRetailers);

  const { request } = input;
  const livemode = session.mode === 'live';
  if (!livemode) assertTestPaymentSource(request.payment);
  return createOrderPickup(
    db,
    { ...deps, provider: providerForMode(session.mode, deps.provider) },
    {
      userId: input.userId,
      livemode,
      now: input.now,
      idempotencyKey: input.idempotencyKey,
      source: 'checkout',
      input: {
        storeId,
        retailerOrderNumber: session.retailerOrderNumber,
        customerName: session.customerInfo.name,
        bags: session.bags,
        weightClass: session.weightClass,
        notes: undefined,
        deliveryType: request.deliveryType,
        addressId: request.addressId,
        address: request.address,
        window: request.window,
        tipCents: request.tipCents,
        payment: request.payment,
        expectedTotalCents: request.expectedTotalCents,
      },
      onCreated: async (tx, order) => {
        const [completed] = await tx
          .update(checkoutSessions)
          .set({
            status: 'completed',
            orderPickupId: order.id,
            completedByUserId: input.userId,
            completedAt: input.now,
          })
          .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
          .returning({ id: checkoutSessions.id });
        // Someone completed it meanwhile: roll back (and refund) this one.
        if (!completed) throw new ConflictError(CHECKOUT_MESSAGES.completed);
      },
    },
  );
}
