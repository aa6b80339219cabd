import { and, asc, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { DeliveryStatus } from 'shared-contracts/deliveries';
import { COURIER_FLEET_INFO } from 'shared-contracts/deliveries';
import type { ApiMode } from 'shared-contracts/retailer';
import {
  type ApiDelivery,
  type ApiDeliveryStatus,
  type DeliveryList,
  RETAILER_API_MESSAGES,
} from 'shared-contracts/retailer-api';
import type { Db } from '../db/database.ts';
import { legProgress } from '../deliveries/position.ts';
import { type DeliveryRow, deliveries, deliveryUpdates } from '../deliveries/schema.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { checkoutSessions, orderPickups } from '../order-pickups/schema.ts';
import { stores } from '../stores/schema.ts';
import { retailerCheckouts } from './schema.ts';

/**
 * The retailer's view of deliveries: the deliveries domain's rows reached
 * through the retailer's checkout sessions, in the public API's shape and statuses.
 */

/** Internal delivery statuses → the public API's (the tracking checkpoints). */
export const API_STATUS_OF: Record<DeliveryStatus, ApiDeliveryStatus> = {
  pickup_confirmed: 'pickup_confirmed',
  en_route: 'en_route',
  arriving: 'arriving',
  awaiting_customer: 'arriving',
  delivered: 'delivered',
  held: 'failed',
  cancelled: 'cancelled',
};

export function internalStatuses(statuses: readonly ApiDeliveryStatus[]): DeliveryStatus[] {
  return (Object.keys(API_STATUS_OF) as DeliveryStatus[]).filter((status) =>
    statuses.includes(API_STATUS_OF[status]),
  );
}

export const retailerDeliveryColumns = {
  row: deliveries,
  orderNumber: orderPickups.orderNumber,
  orderStatus: orderPickups.status,
  retailerOrderNumber: orderPickups.retailerOrderNumber,
  customerName: orderPickups.customerName,
  feeCents: orderPickups.feeCents,
  window: orderPickups.window,
  windowEndsAt: orderPickups.windowEndsAt,
  storeName: stores.name,
  checkoutSessionId: checkoutSessions.id,
  accountId: retailerCheckouts.accountId,
  mode: retailerCheckouts.mode,
};

export type RetailerDeliveryContext = {
  row: DeliveryRow;
  orderNumber: string;
  orderStatus: string;
  retailerOrderNumber: string | null;
  customerName: string | null;
  feeCents: number;
  window: ApiDelivery['window'];
  windowEndsAt: Date | null;
  storeName: string;
  checkoutSessionId: string;
  accountId: string;
  mode: ApiMode;
};

export function retailerDeliveriesQuery(db: Db, where: SQL | undefined) {
  return db
    .select(retailerDeliveryColumns)
    .from(retailerCheckouts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, retailerCheckouts.checkoutSessionId))
    .innerJoin(deliveries, eq(deliveries.orderPickupId, checkoutSessions.orderPickupId))
    .innerJoin(orderPickups, eq(orderPickups.id, deliveries.orderPickupId))
    .innerJoin(stores, eq(stores.id, deliveries.storeId))
    .where(where);
}

type UpdateRow = { deliveryId: string; status: DeliveryStatus; createdAt: Date };

/** Consecutive timeline rows of one status collapse into one entry of the history. */
function historyOf(updates: UpdateRow[]): ApiDelivery['status_history'] {
  const out: ApiDelivery['status_history'] = [];
  for (const update of updates) {
    const status = API_STATUS_OF[update.status];
    if (out.at(-1)?.status !== status) out.push({ status, at: update.createdAt.toISOString() });
  }
  return out;
}

export function toApiDelivery(
  context: RetailerDeliveryContext,
  updates: UpdateRow[],
  now: Date,
): ApiDelivery {
  const { row } = context;
  const info = COURIER_FLEET_INFO[row.fleet];
  const active = !['delivered', 'cancelled'].includes(row.status);
  const progress = legProgress(row, now);
  return {
    id: row.id,
    object: 'delivery',
    livemode: context.mode === 'live',
    status: API_STATUS_OF[row.status],
    order_number: context.orderNumber,
    order_reference: context.retailerOrderNumber,
    checkout_session_id: context.checkoutSessionId,
    delivery_type: row.deliveryType,
    store_id: row.storeId,
    store_name: context.storeName,
    customer_name: context.customerName,
    fee_cents: context.feeCents,
    window: context.window,
    window_ends_at: context.windowEndsAt?.toISOString() ?? null,
    courier: {
      kind: info.kind,
      name: row.courierName ?? info.name,
      location: active ? progress.position.location : null,
    },
    eta: active ? (progress.etaAt?.toISOString() ?? null) : null,
    cancellable: row.status === 'pickup_confirmed' && context.orderStatus !== 'picked_up',
    status_history: historyOf(updates.filter((update) => update.deliveryId === row.id)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

export async function updatesOf(db: Db, ids: string[]): Promise<UpdateRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      deliveryId: deliveryUpdates.deliveryId,
      status: deliveryUpdates.status,
      createdAt: deliveryUpdates.createdAt,
    })
    .from(deliveryUpdates)
    .where(inArray(deliveryUpdates.deliveryId, ids))
    .orderBy(asc(deliveryUpdates.id));
}

export async function toApiDeliveries(
  db: Db,
  contexts: RetailerDeliveryContext[],
  now: Date,
): Promise<ApiDelivery[]> {
  const updates = await updatesOf(
    db,
    contexts.map((context) => context.row.id),
  );
  return contexts.map((context) => toApiDelivery(context, updates, now));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One delivery of the account in this mode; any other (another retailer's, the other mode's) is 404. */
export async function findRetailerDelivery(
  db: Db,
  scope: { accountId: string; mode: ApiMode },
  id: string,
): Promise<RetailerDeliveryContext> {
  if (!UUID.test(id)) throw new NotFoundError(RETAILER_API_MESSAGES.deliveryNotFound);
  const [context] = await retailerDeliveriesQuery(
    db,
    and(
      eq(retailerCheckouts.accountId, scope.accountId),
      eq(retailerCheckouts.mode, scope.mode),
      eq(deliveries.id, id),
    ),
  );
  if (!context) throw new NotFoundError(RETAILER_API_MESSAGES.deliveryNotFound);
  return context;
}

export async function getRetailerDelivery(
  db: Db,
  scope: { accountId: string; mode: ApiMode },
  id: string,
  now: Date,
): Promise<ApiDelivery> {
  const context = await findRetailerDelivery(db, scope, id);
  const [delivery] = await toApiDeliveries(db, [context], now);
  if (!delivery) throw new NotFoundError(RETAILER_API_MESSAGES.deliveryNotFound);
  return delivery;
}

function encodeCursor(row: DeliveryRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}

/** Newest first, in pages (`starting_after` = the previous page's `next_cursor`). */
export async function listRetailerDeliveries(
  db: Db,
  scope: { accountId: string; mode: ApiMode },
  query: { status?: ApiDeliveryStatus[]; limit: number; starting_after?: string },
  now: Date,
): Promise<DeliveryList> {
  const cursor = query.starting_after ? decodeCursor(query.starting_after) : null;
  if (query.starting_after && !cursor) {
    throw new BadRequestError('starting_after is not a next_cursor from this list', [
      { path: 'starting_after', message: 'starting_after is not a next_cursor from this list' },
    ]);
  }
  const contexts = await retailerDeliveriesQuery(
    db,
    and(
      eq(retailerCheckouts.accountId, scope.accountId),
      eq(retailerCheckouts.mode, scope.mode),
      query.status ? inArray(deliveries.status, internalStatuses(query.status)) : undefined,
      cursor
        ? or(
            lt(deliveries.createdAt, cursor.createdAt),
            and(eq(deliveries.createdAt, cursor.createdAt), lt(deliveries.id, cursor.id)),
          )
        : undefined,
    ),
  )
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(query.limit + 1);
  const page = contexts.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = contexts.length > query.limit;
  return {
    object: 'list',
    data: await toApiDeliveries(db, page, now),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(last.row) : null,
  };
}
