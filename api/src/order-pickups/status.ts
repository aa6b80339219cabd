import { and, eq, sql } from 'drizzle-orm';
import {
  canTransition,
  ORDER_MESSAGES,
  ORDER_PICKUP_STATUS_LABELS,
  type OrderPickupStatus,
} from 'shared-contracts/order-pickups';
import type { Db } from '../db/database.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { publishEvent } from '../realtime/publish.ts';
import { type OrderPickupRow, orderPickupStatusChanges, orderPickups } from './schema.ts';

/**
 * Status changes of order pickups, for every domain (curbside, delivery tracking, refunds):
 * `changeOrderPickupStatus(tx, app.orderPickupEvents, { orderPickupId, to })`, and listeners by
 * `app.orderPickupEvents.onStatusChange(async (tx, { orderPickup, from, to }) => …)`.
 *
 * Only `ORDER_PICKUP_TRANSITIONS` (shared-contracts) are allowed. Each change is recorded in the
 * status history, published on the topic `order-pickup:<id>` (SSE event `status`) and handed to
 * the listeners inside the same transaction, so their writes (a courier dispatch, a timer) commit
 * or roll back with it. An order paid at creation is announced as `from: null, to: 'confirmed'`.
 */

export interface OrderPickupStatusChange {
  orderPickup: OrderPickupRow;
  from: OrderPickupStatus | null;
  to: OrderPickupStatus;
}

export type OrderPickupStatusListener = (tx: Db, change: OrderPickupStatusChange) => Promise<void>;

/**
 * A domain that can stop an order being cancelled (curbside: the robot is out with it), registered
 * on the bus so the order-pickups domain asks without knowing who answers (no import cycle).
 */
export interface OrderCancellationGuard {
  /** Why the order cannot be cancelled now, if it cannot: the detail's `cancellable: false`. */
  refusal(db: Db, order: { id: string; orderNumber: string }): Promise<string | undefined>;
  /**
   * Inside the cancel transaction, with the order row locked and before any refund: throws to
   * refuse, or cancels what the domain holds for the order.
   */
  beforeCancel(tx: Db, order: { id: string; orderNumber: string; userId: string }): Promise<void>;
}

export class OrderPickupEvents {
  readonly #listeners = new Set<OrderPickupStatusListener>();
  readonly #guards = new Set<OrderCancellationGuard>();

  /** Registers a listener; returns the function that removes it. */
  onStatusChange(listener: OrderPickupStatusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Runs every listener in turn; a listener that throws rolls the change back. */
  async emit(tx: Db, change: OrderPickupStatusChange): Promise<void> {
    for (const listener of [...this.#listeners]) await listener(tx, change);
  }

  /** Registers a cancellation guard; returns the function that removes it. */
  guardCancellation(guard: OrderCancellationGuard): () => void {
    this.#guards.add(guard);
    return () => this.#guards.delete(guard);
  }

  /** The first guard's reason to refuse cancelling the order, if any. */
  async cancellationRefusal(
    db: Db,
    order: { id: string; orderNumber: string },
  ): Promise<string | undefined> {
    for (const guard of [...this.#guards]) {
      const refusal = await guard.refusal(db, order);
      if (refusal) return refusal;
    }
    return undefined;
  }

  /** Runs every guard's `beforeCancel` in turn inside the cancel transaction. */
  async beforeCancel(
    tx: Db,
    order: { id: string; orderNumber: string; userId: string },
  ): Promise<void> {
    for (const guard of [...this.#guards]) await guard.beforeCancel(tx, order);
  }
}

export const orderPickupTopic = (id: string) => `order-pickup:${id}`;

/** Records a status (history row, live event, listeners) for a row already written with it. */
export async function announceStatus(
  tx: Db,
  events: OrderPickupEvents,
  change: OrderPickupStatusChange & { note?: string | null },
): Promise<void> {
  await tx.insert(orderPickupStatusChanges).values({
    orderPickupId: change.orderPickup.id,
    fromStatus: change.from,
    toStatus: change.to,
    note: change.note ?? null,
  });
  await publishEvent(
    tx,
    orderPickupTopic(change.orderPickup.id),
    {
      id: change.orderPickup.id,
      orderNumber: change.orderPickup.orderNumber,
      from: change.from,
      status: change.to,
      at: change.orderPickup.updatedAt.toISOString(),
    },
    { type: 'status' },
  );
  await events.emit(tx, { orderPickup: change.orderPickup, from: change.from, to: change.to });
}

/**
 * Moves an order pickup to `to` if that is a legal transition (409 otherwise; 404 when there is
 * no such order, or it is not `userId`'s when given). Asking for the status it already has is a
 * no-op, so at-least-once callers (timers) may repeat themselves. Runs in its own transaction, or
 * inside the caller's when `db` is one; the order row is locked meanwhile.
 */
export async function changeOrderPickupStatus(
  db: Db,
  events: OrderPickupEvents,
  input: { orderPickupId: string; to: OrderPickupStatus; note?: string; userId?: string },
): Promise<OrderPickupRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(orderPickups)
      .where(
        and(
          eq(orderPickups.id, input.orderPickupId),
          input.userId ? eq(orderPickups.userId, input.userId) : undefined,
        ),
      )
      .for('update');
    if (!current) throw new NotFoundError(ORDER_MESSAGES.notFound);
    if (current.status === input.to) return current;
    if (!canTransition(current.status, input.to)) {
      throw new ConflictError(
        `Order ${current.orderNumber} cannot go from ${ORDER_PICKUP_STATUS_LABELS[current.status].toLowerCase()} to ${ORDER_PICKUP_STATUS_LABELS[input.to].toLowerCase()}.`,
      );
    }
    const [updated] = await tx
      .update(orderPickups)
      .set({ status: input.to, updatedAt: sql`now()` })
      .where(eq(orderPickups.id, current.id))
      .returning();
    if (!updated) throw new Error('Updating the order pickup returned no row');
    await announceStatus(tx, events, {
      orderPickup: updated,
      from: current.status,
      to: input.to,
      note: input.note,
    });
    return updated;
  });
}
