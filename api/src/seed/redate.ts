import { eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { addresses } from '../addresses/schema.ts';
import { users } from '../auth/schema.ts';
import type { Db } from '../db/database.ts';
import { deliveries, deliveryProofs, deliveryUpdates } from '../deliveries/schema.ts';
import { deliveryTopic } from '../deliveries/service.ts';
import { orderPickupStatusChanges, orderPickups } from '../order-pickups/schema.ts';
import { orderPickupTopic } from '../order-pickups/status.ts';
import { outbox } from '../outbox/schema.ts';
import { paymentMethods, payments, refunds, walletEntries } from '../payments/schema.ts';
import { events } from '../realtime/schema.ts';
import type { SeedTimeline } from './timeline.ts';

/**
 * Moves the demo customer's history to the story's dates (see timeline.ts): every timestamp the
 * services wrote during the seed's steps, table by table. Nothing else changes, except the two
 * columns that say on which clock a courier's leg was timed (`leg_duration_ms`, `time_scale`),
 * which follow the leg to the story's time scale.
 *
 * Not rewritten: the JSON snapshots inside live events (the replay log of SSE; their rows are
 * re-dated, their payloads still carry the times they were published at) and the timers table
 * (the runner's bookkeeping, all done).
 */
export async function redateDemoHistory(
  db: Db,
  timeline: SeedTimeline,
  customer: { id: string; email: string },
): Promise<void> {
  const instant = (t: Date) => timeline.instant(t);
  const maybe = (t: Date | null) => (t ? instant(t) : null);

  const orders = await db.select().from(orderPickups).where(eq(orderPickups.userId, customer.id));
  const orderIds = orders.map((row) => row.id);
  const deliveryRows = await db.select().from(deliveries).where(eq(deliveries.userId, customer.id));
  const deliveryIds = deliveryRows.map((row) => row.id);
  const paymentRows = await db.select().from(payments).where(eq(payments.userId, customer.id));

  await setTimes(
    db,
    orderPickups.id,
    [
      orderPickups.createdAt,
      orderPickups.updatedAt,
      orderPickups.windowStartsAt,
      orderPickups.windowEndsAt,
    ],
    orders.map((row) => ({
      key: row.id,
      // A window is hours of real time ahead of the moment the order was placed, whatever the
      // simulator's time scale.
      times: [
        instant(row.createdAt),
        instant(row.updatedAt),
        row.windowStartsAt && timeline.shift(row.windowStartsAt, row.createdAt),
        row.windowEndsAt && timeline.shift(row.windowEndsAt, row.createdAt),
      ],
    })),
  );
  if (orderIds.length > 0) {
    const changes = await db
      .select({ id: orderPickupStatusChanges.id, createdAt: orderPickupStatusChanges.createdAt })
      .from(orderPickupStatusChanges)
      .where(inArray(orderPickupStatusChanges.orderPickupId, orderIds));
    await setTimes(
      db,
      orderPickupStatusChanges.id,
      [orderPickupStatusChanges.createdAt],
      changes.map((row) => ({ key: row.id, times: [instant(row.createdAt)] })),
    );
  }

  await setTimes(
    db,
    payments.id,
    [payments.createdAt, payments.updatedAt],
    paymentRows.map((row) => ({
      key: row.id,
      times: [instant(row.createdAt), instant(row.updatedAt)],
    })),
  );
  if (paymentRows.length > 0) {
    const refundRows = await db
      .select({ id: refunds.id, createdAt: refunds.createdAt })
      .from(refunds)
      .where(
        inArray(
          refunds.paymentId,
          paymentRows.map((row) => row.id),
        ),
      );
    await setTimes(
      db,
      refunds.id,
      [refunds.createdAt],
      refundRows.map((row) => ({ key: row.id, times: [instant(row.createdAt)] })),
    );
  }
  const entries = await db
    .select({ id: walletEntries.id, createdAt: walletEntries.createdAt })
    .from(walletEntries)
    .where(eq(walletEntries.userId, customer.id));
  await setTimes(
    db,
    walletEntries.id,
    [walletEntries.createdAt],
    entries.map((row) => ({ key: row.id, times: [instant(row.createdAt)] })),
  );
  const cards = await db
    .select({ id: paymentMethods.id, createdAt: paymentMethods.createdAt })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, customer.id));
  await setTimes(
    db,
    paymentMethods.id,
    [paymentMethods.createdAt],
    cards.map((row) => ({ key: row.id, times: [instant(row.createdAt)] })),
  );
  const places = await db
    .select({ id: addresses.id, createdAt: addresses.createdAt, updatedAt: addresses.updatedAt })
    .from(addresses)
    .where(eq(addresses.userId, customer.id));
  await setTimes(
    db,
    addresses.id,
    [addresses.createdAt, addresses.updatedAt],
    places.map((row) => ({
      key: row.id,
      times: [instant(row.createdAt), instant(row.updatedAt)],
    })),
  );

  await setTimes(
    db,
    deliveries.id,
    [
      deliveries.createdAt,
      deliveries.updatedAt,
      deliveries.legStartedAt,
      deliveries.deliveredAt,
      deliveries.cancelledAt,
      deliveries.etaAt,
    ],
    deliveryRows.map((row) => ({
      key: row.id,
      times: [
        instant(row.createdAt),
        instant(row.updatedAt),
        maybe(row.legStartedAt),
        maybe(row.deliveredAt),
        maybe(row.cancelledAt),
        row.etaAt && timeline.estimate(row.etaAt, row.updatedAt),
      ],
    })),
  );
  for (const row of deliveryRows) {
    // A leg played at the playback scale lasted milliseconds on that clock: give it the story's.
    const factor = row.legStartedAt ? timeline.factorAt(row.legStartedAt) : 1;
    if (factor === 1 || row.legDurationMs === null) continue;
    await db
      .update(deliveries)
      .set({
        legDurationMs: Math.round(row.legDurationMs * factor),
        timeScale: row.timeScale * factor,
      })
      .where(eq(deliveries.id, row.id));
  }
  if (deliveryIds.length > 0) {
    const updates = await db
      .select({
        id: deliveryUpdates.id,
        createdAt: deliveryUpdates.createdAt,
        etaAt: deliveryUpdates.etaAt,
      })
      .from(deliveryUpdates)
      .where(inArray(deliveryUpdates.deliveryId, deliveryIds));
    await setTimes(
      db,
      deliveryUpdates.id,
      [deliveryUpdates.createdAt, deliveryUpdates.etaAt],
      updates.map((row) => ({
        key: row.id,
        times: [instant(row.createdAt), row.etaAt && timeline.estimate(row.etaAt, row.createdAt)],
      })),
    );
    const proofs = await db
      .select({ id: deliveryProofs.deliveryId, capturedAt: deliveryProofs.capturedAt })
      .from(deliveryProofs)
      .where(inArray(deliveryProofs.deliveryId, deliveryIds));
    await setTimes(
      db,
      deliveryProofs.deliveryId,
      [deliveryProofs.capturedAt],
      proofs.map((row) => ({ key: row.id, times: [instant(row.capturedAt)] })),
    );
  }

  const topics = [...orderIds.map(orderPickupTopic), ...deliveryIds.map(deliveryTopic)];
  if (topics.length > 0) {
    const published = await db
      .select({ id: events.id, createdAt: events.createdAt })
      .from(events)
      .where(inArray(events.topic, topics));
    await setTimes(
      db,
      events.id,
      [events.createdAt],
      published.map((row) => ({ key: row.id, times: [instant(row.createdAt)] })),
    );
  }
  const mail = await db
    .select({ id: outbox.id, createdAt: outbox.createdAt })
    .from(outbox)
    .where(eq(outbox.to, customer.email));
  await setTimes(
    db,
    outbox.id,
    [outbox.createdAt],
    mail.map((row) => ({ key: row.id, times: [instant(row.createdAt)] })),
  );

  // The account is older than anything it did.
  const first = [...orders.map((row) => row.createdAt), ...places.map((row) => row.createdAt)]
    .map((t) => instant(t).getTime())
    .reduce((min, t) => Math.min(min, t), Number.POSITIVE_INFINITY);
  if (Number.isFinite(first)) {
    const joined = new Date(first - 24 * 60 * 60 * 1000);
    await db
      .update(users)
      .set({ createdAt: joined, emailVerifiedAt: joined })
      .where(eq(users.id, customer.id));
  }
}

/**
 * Sets timestamp columns of many rows in one statement:
 * `update t set c = v.c from (values ...) v where t.key = v.key`.
 */
async function setTimes(
  db: Db,
  key: PgColumn,
  columns: PgColumn[],
  rows: Array<{ key: string | number; times: Array<Date | null> }>,
): Promise<void> {
  if (rows.length === 0) return;
  const table = key.table as PgTable;
  const keyType = key.columnType === 'PgUUID' ? 'uuid' : 'bigint';
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.key}::${sql.raw(keyType)}, ${sql.join(
          row.times.map((t) => sql`${t ? t.toISOString() : null}::timestamptz`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  const names = columns.map((column) => column.name);
  const assignments: SQL = sql.raw(
    names.map((name) => `${ident(name)} = v.${ident(name)}`).join(', '),
  );
  await db.execute(
    sql`update ${sql.raw(ident(getTableName(table)))} as t set ${assignments} from (values ${values}) as v(${sql.raw(
      [ident('key'), ...names.map(ident)].join(', '),
    )}) where t.${sql.raw(ident(key.name))} = v.${sql.raw(ident('key'))}`,
  );
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
