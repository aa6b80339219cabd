import { asc, eq, gt, sql } from 'drizzle-orm';
import type { ApiMode } from 'shared-contracts/retailer';
import type { ApiDelivery, ApiDeliveryStatus } from 'shared-contracts/retailer-api';
import type { WebhookEventType } from 'shared-contracts/webhooks';
import type { Db } from '../db/database.ts';
import { queryRows } from '../db/sql-helpers.ts';
import { deliveries, deliveryUpdates } from '../deliveries/schema.ts';
import { checkoutSessions } from '../order-pickups/schema.ts';
import { publishEvent } from '../realtime/publish.ts';
import type { ScheduledTimer, ScheduleTimerInput } from '../simulator/timers.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { API_STATUS_OF, findRetailerDelivery, toApiDeliveries } from './deliveries.ts';
import { retailerCheckouts, retailerDeliveryStates } from './schema.ts';

/**
 * Turns the deliveries domain's timeline into the retailer side's announcements: webhook events
 * (into the durable outbox) and live dashboard events. It reads `delivery_updates` after what each
 * retailer delivery last announced, so nothing is announced twice and nothing is lost when a
 * notification is missed or the process restarts; one process at a time does it (an advisory lock).
 */

export const retailerTopic = (accountId: string, mode: ApiMode) => `retailer:${accountId}:${mode}`;
export const RETAILER_DELIVERY_EVENT = 'delivery';

const SYNC_LOCK = 'retailer-delivery-sync';
export const SYNC_BATCH_SIZE = 500;

const FINAL_EVENT: Partial<Record<ApiDeliveryStatus, WebhookEventType>> = {
  delivered: 'delivery.delivered',
  failed: 'delivery.failed',
  cancelled: 'delivery.cancelled',
};

/** The webhook events a change of public status means, in order. */
export function eventsFor(
  previous: ApiDeliveryStatus | null,
  next: ApiDeliveryStatus,
): WebhookEventType[] {
  if (previous === null) {
    const final = FINAL_EVENT[next];
    return final ? ['delivery.created', final] : ['delivery.created'];
  }
  if (previous === next) return [];
  const final = FINAL_EVENT[next];
  return final ? ['delivery.status_changed', final] : ['delivery.status_changed'];
}

export interface SyncDeps {
  schedule(db: Db, input: ScheduleTimerInput): Promise<ScheduledTimer>;
}

/** One pass; resolves to the number of timeline rows handled (0 when another process holds it). */
export async function syncRetailerDeliveries(
  db: Db,
  deps: SyncDeps,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtextextended(${SYNC_LOCK}, 0)) as ok`,
    );
    if (!lock?.ok) return 0;
    const rows = await tx
      .select({
        updateId: deliveryUpdates.id,
        status: deliveryUpdates.status,
        deliveryId: deliveries.id,
        accountId: retailerCheckouts.accountId,
        mode: retailerCheckouts.mode,
        lastStatus: retailerDeliveryStates.lastStatus,
      })
      .from(deliveryUpdates)
      .innerJoin(deliveries, eq(deliveries.id, deliveryUpdates.deliveryId))
      .innerJoin(checkoutSessions, eq(checkoutSessions.orderPickupId, deliveries.orderPickupId))
      .innerJoin(retailerCheckouts, eq(retailerCheckouts.checkoutSessionId, checkoutSessions.id))
      .leftJoin(retailerDeliveryStates, eq(retailerDeliveryStates.deliveryId, deliveries.id))
      .where(gt(deliveryUpdates.id, sql`coalesce(${retailerDeliveryStates.lastUpdateId}, 0)`))
      .orderBy(asc(deliveryUpdates.id))
      .limit(SYNC_BATCH_SIZE);
    if (rows.length === 0) return 0;

    const byDelivery = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byDelivery.get(row.deliveryId) ?? [];
      list.push(row);
      byDelivery.set(row.deliveryId, list);
    }

    for (const [deliveryId, updates] of byDelivery) {
      const first = updates[0];
      const lastUpdate = updates.at(-1);
      if (!first || !lastUpdate) continue;
      const scope = { accountId: first.accountId, mode: first.mode };
      const [delivery] = await toApiDeliveries(
        tx,
        [await findRetailerDelivery(tx, scope, deliveryId)],
        now,
      );
      if (!delivery) continue;
      let previous = (first.lastStatus as ApiDeliveryStatus | null) ?? null;
      for (const update of updates) {
        const next = API_STATUS_OF[update.status];
        for (const type of eventsFor(previous, next)) {
          const snapshot: ApiDelivery = { ...delivery, status: next };
          await emitWebhookEvent(tx, deps, {
            ...scope,
            type,
            delivery: snapshot,
            ...(type === 'delivery.created' ? {} : { previousStatus: previous }),
          });
        }
        previous = next;
      }
      await tx
        .insert(retailerDeliveryStates)
        .values({
          deliveryId,
          ...scope,
          lastUpdateId: lastUpdate.updateId,
          lastStatus: previous ?? delivery.status,
        })
        .onConflictDoUpdate({
          target: retailerDeliveryStates.deliveryId,
          set: {
            lastUpdateId: lastUpdate.updateId,
            lastStatus: previous ?? delivery.status,
            updatedAt: now,
          },
        });
      await publishEvent(tx, retailerTopic(scope.accountId, scope.mode), delivery, {
        type: RETAILER_DELIVERY_EVENT,
      });
    }
    return rows.length;
  });
}

/**
 * Runs the sync whenever a delivery's live event is published (any process, through NOTIFY) and
 * every few seconds as a safety net; overlapping requests coalesce into one more pass.
 */
export function createDeliverySyncLoop(options: {
  db: Db;
  deps: SyncDeps;
  intervalMs?: number;
  onError: (error: unknown) => void;
  /** One batch; returns how many timeline rows it handled (tests stand in a backlog here). */
  syncBatch?: () => Promise<number>;
}) {
  const syncBatch = options.syncBatch ?? (() => syncRetailerDeliveries(options.db, options.deps));
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          // A full batch means more are waiting. Each batch is its own transaction and what is
          // left is found again on the next start, so a stop waits for one batch, not the backlog
          // (a CI run once spent over a minute closing a server mid-backlog).
          while (!stopped && (await syncBatch()) >= SYNC_BATCH_SIZE) {}
        } while (again && !stopped);
      } catch (error) {
        options.onError(error);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    trigger: () => void run(),
    run,
    start() {
      timer = setInterval(() => void run(), options.intervalMs ?? 5_000);
      timer.unref();
      void run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
