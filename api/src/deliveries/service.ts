import { and, asc, count, desc, eq, max } from 'drizzle-orm';
import {
  COURIER_FLEET_INFO,
  checkpointIndexOf,
  DELIVERY_CHECKPOINTS,
  DELIVERY_EVENT_TYPE,
  DELIVERY_MESSAGES,
  DELIVERY_POSITION_EVENT_TYPE,
  type Delivery,
  type DeliveryCheckpoint,
  type DeliveryPage,
  type DeliveryPositionEvent,
  type DeliveryStatus,
  type DeliverySummary,
  type MapTiles,
} from 'shared-contracts/deliveries';
import { isCancellable, type OrderPickupStatus } from 'shared-contracts/order-pickups';
import type { Db } from '../db/database.ts';
import { NotFoundError } from '../http/errors.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { publishEvent } from '../realtime/publish.ts';
import { events } from '../realtime/schema.ts';
import { stores } from '../stores/schema.ts';
import { legProgress } from './position.ts';
import {
  type DeliveryProofRow,
  type DeliveryRow,
  type DeliveryUpdateRow,
  deliveries,
  deliveryProofs,
  deliveryUpdates,
} from './schema.ts';

/** Live topic of one delivery: SSE events `delivery` (snapshot) and `position`. */
export const deliveryTopic = (id: string) => `delivery:${id}`;

export const proofImageUrl = (id: string) => `/api/deliveries/${id}/proof`;

/** Statuses in which a courier is still working on the delivery. */
export const ACTIVE_DELIVERY_STATUSES = [
  'pickup_confirmed',
  'en_route',
  'arriving',
  'awaiting_customer',
] as const satisfies readonly DeliveryStatus[];

export interface DeliveryViewOptions {
  mapTiles: MapTiles | null;
  now?: Date;
}

interface DeliveryContext {
  row: DeliveryRow;
  orderNumber: string;
  orderStatus: OrderPickupStatus;
  windowStartsAt: Date | null;
  windowEndsAt: Date | null;
  storeName: string;
}

function toSummary(context: DeliveryContext, now: Date): DeliverySummary {
  const { row } = context;
  const info = COURIER_FLEET_INFO[row.fleet];
  return {
    id: row.id,
    orderPickupId: row.orderPickupId,
    orderNumber: context.orderNumber,
    storeName: context.storeName,
    deliveryType: row.deliveryType,
    status: row.status,
    courier: {
      kind: info.kind,
      fleet: row.fleet,
      fleetName: info.name,
      partner: info.partner,
      name: row.courierName,
      vehicle: row.vehicle,
    },
    etaAt: legProgress(row, now).etaAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** When each checkpoint was first reached, from the timeline. */
function checkpointsOf(status: DeliveryStatus, updates: DeliveryUpdateRow[]): DeliveryCheckpoint[] {
  const reachedIndex = checkpointIndexOf(status);
  const firstAt = (statuses: readonly DeliveryStatus[]) =>
    updates.find((update) => statuses.includes(update.status))?.createdAt.toISOString() ?? null;
  const times: Record<(typeof DELIVERY_CHECKPOINTS)[number]['id'], string | null> = {
    pickup_confirmed: updates[0]?.createdAt.toISOString() ?? null,
    en_route: firstAt(['en_route']),
    arriving: firstAt(['arriving', 'awaiting_customer']),
    delivered: firstAt(['delivered']),
  };
  return DELIVERY_CHECKPOINTS.map((checkpoint, index) => ({
    id: checkpoint.id,
    label: checkpoint.label,
    reached: index <= reachedIndex,
    at: index <= reachedIndex ? times[checkpoint.id] : null,
  }));
}

function toDelivery(
  context: DeliveryContext,
  updates: DeliveryUpdateRow[],
  proof: Omit<DeliveryProofRow, 'image'> | undefined,
  options: DeliveryViewOptions & { lastEventId: number | null },
): Delivery {
  const now = options.now ?? new Date();
  const { row } = context;
  const progress = legProgress(row, now);
  const isRobot = row.fleet === 'curbrun_robots';
  return {
    ...toSummary(context, now),
    dispatchReason: row.dispatchReason,
    checkpoints: checkpointsOf(row.status, updates),
    origin: row.origin,
    destination: row.destination,
    holdingLocation: row.status === 'held' ? row.holdingLocation : null,
    route: row.route,
    routeMiles: Math.round(row.routeMiles * 100) / 100,
    position: progress.position,
    windowStartsAt: context.windowStartsAt?.toISOString() ?? null,
    windowEndsAt: context.windowEndsAt?.toISOString() ?? null,
    attempt: row.attempt,
    signatureRequired: row.signatureRequired,
    timeline: updates.map((update) => ({
      id: update.id,
      status: update.status,
      message: update.message,
      at: update.createdAt.toISOString(),
      etaAt: update.etaAt?.toISOString() ?? null,
    })),
    proof: proof
      ? {
          kind: proof.kind,
          capturedAt: proof.capturedAt.toISOString(),
          description: proof.description,
          imageUrl: proof.kind === 'pin' ? null : proofImageUrl(row.id),
        }
      : null,
    cancellable: row.status === 'pickup_confirmed' && isCancellable(context.orderStatus),
    canConfirmPresence: row.status === 'awaiting_customer',
    // Robots are rescheduled by starting a new curbside pickup (the curbside page), not here.
    canReschedule: row.status === 'held' && !isRobot,
    curbsidePickupId: row.curbsidePickupId,
    mapTiles: options.mapTiles,
    lastEventId: options.lastEventId,
  };
}

const contextColumns = {
  row: deliveries,
  orderNumber: orderPickups.orderNumber,
  orderStatus: orderPickups.status,
  windowStartsAt: orderPickups.windowStartsAt,
  windowEndsAt: orderPickups.windowEndsAt,
  storeName: stores.name,
};

async function loadContexts(db: Db, where: ReturnType<typeof and>): Promise<DeliveryContext[]> {
  return db
    .select(contextColumns)
    .from(deliveries)
    .innerJoin(orderPickups, eq(orderPickups.id, deliveries.orderPickupId))
    .innerJoin(stores, eq(stores.id, deliveries.storeId))
    .where(where);
}

async function latestEventId(db: Db, deliveryId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: max(events.id) })
    .from(events)
    .where(eq(events.topic, deliveryTopic(deliveryId)));
  return row?.id ?? null;
}

/** The full delivery by id (no ownership check: callers check it, or it runs in a timer). */
export async function loadDelivery(
  db: Db,
  id: string,
  options: DeliveryViewOptions & { withLastEventId?: boolean },
): Promise<Delivery | undefined> {
  const [context] = await loadContexts(db, and(eq(deliveries.id, id)));
  if (!context) return undefined;
  const updates = await db
    .select()
    .from(deliveryUpdates)
    .where(eq(deliveryUpdates.deliveryId, id))
    .orderBy(asc(deliveryUpdates.id));
  const [proof] = await db
    .select({
      deliveryId: deliveryProofs.deliveryId,
      kind: deliveryProofs.kind,
      description: deliveryProofs.description,
      contentType: deliveryProofs.contentType,
      capturedAt: deliveryProofs.capturedAt,
    })
    .from(deliveryProofs)
    .where(eq(deliveryProofs.deliveryId, id));
  // Read before the caller opens the stream: anything published after this id is replayed.
  const lastEventId = options.withLastEventId ? await latestEventId(db, id) : null;
  return toDelivery(context, updates, proof, { ...options, lastEventId });
}

/** The caller's delivery; anyone else's id is reported exactly like a missing one (404). */
export async function getOwnDelivery(
  db: Db,
  userId: string,
  id: string,
  options: DeliveryViewOptions,
): Promise<Delivery> {
  await assertOwnsDelivery(db, userId, id);
  const delivery = await loadDelivery(db, id, { ...options, withLastEventId: true });
  if (!delivery) throw new NotFoundError(DELIVERY_MESSAGES.notFound);
  return delivery;
}

export async function assertOwnsDelivery(db: Db, userId: string, id: string): Promise<DeliveryRow> {
  const [row] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), eq(deliveries.userId, userId)));
  if (!row) throw new NotFoundError(DELIVERY_MESSAGES.notFound);
  return row;
}

/** The caller's delivery of an order, or undefined when the order has none. */
export async function findDeliveryIdForOrder(
  db: Db,
  userId: string,
  orderPickupId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.orderPickupId, orderPickupId), eq(deliveries.userId, userId)));
  return row?.id;
}

/** One page of the caller's deliveries, newest first. */
export async function listDeliveries(
  db: Db,
  userId: string,
  query: { page: number; pageSize: number; status?: DeliveryStatus | undefined },
): Promise<DeliveryPage> {
  const where = and(
    eq(deliveries.userId, userId),
    // A test-mode order's simulated delivery is not part of the customer's live data.
    eq(orderPickups.livemode, true),
    query.status ? eq(deliveries.status, query.status) : undefined,
  );
  const [total] = await db
    .select({ value: count() })
    .from(deliveries)
    .innerJoin(orderPickups, eq(orderPickups.id, deliveries.orderPickupId))
    .where(where);
  const rows = await db
    .select(contextColumns)
    .from(deliveries)
    .innerJoin(orderPickups, eq(orderPickups.id, deliveries.orderPickupId))
    .innerJoin(stores, eq(stores.id, deliveries.storeId))
    .where(where)
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const now = new Date();
  return {
    deliveries: rows.map((row) => toSummary(row, now)),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

/** The proof image of the caller's delivery. */
export async function getOwnProofImage(
  db: Db,
  userId: string,
  id: string,
): Promise<{ contentType: string; image: Buffer }> {
  await assertOwnsDelivery(db, userId, id);
  const [proof] = await db.select().from(deliveryProofs).where(eq(deliveryProofs.deliveryId, id));
  if (!proof?.image || !proof.contentType) throw new NotFoundError(DELIVERY_MESSAGES.noProofYet);
  return { contentType: proof.contentType, image: proof.image };
}

// ---------------------------------------------------------------------------------------------
// Writing helpers for dispatch, the simulator and the curbside mirror.

export async function appendDeliveryUpdate(
  tx: Db,
  deliveryId: string,
  status: DeliveryStatus,
  message: string,
  etaAt: Date | null = null,
): Promise<void> {
  await tx.insert(deliveryUpdates).values({ deliveryId, status, message, etaAt });
}

/** Publishes the whole delivery (`event: delivery`) inside the transaction that changed it. */
export async function publishDelivery(
  tx: Db,
  id: string,
  options: DeliveryViewOptions,
): Promise<Delivery> {
  const delivery = await loadDelivery(tx, id, options);
  if (!delivery) throw new Error(`Delivery ${id} vanished inside its transaction`);
  await publishEvent(tx, deliveryTopic(id), delivery, { type: DELIVERY_EVENT_TYPE });
  return delivery;
}

/** Publishes where the courier is now (`event: position`). */
export async function publishPosition(tx: Db, row: DeliveryRow, now: Date): Promise<void> {
  const progress = legProgress(row, now);
  const payload: DeliveryPositionEvent = {
    deliveryId: row.id,
    status: row.status,
    position: progress.position,
    etaAt: progress.etaAt?.toISOString() ?? null,
  };
  await publishEvent(tx, deliveryTopic(row.id), payload, { type: DELIVERY_POSITION_EVENT_TYPE });
}
