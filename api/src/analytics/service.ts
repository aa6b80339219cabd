import { and, desc, eq, sql } from 'drizzle-orm';
import type { ApiMode } from 'shared-contracts/retailer';
import {
  API_DELIVERY_STATUSES,
  type ApiDelivery,
  type ApiDeliveryStatus,
  DASHBOARD_DAYS,
  type Dashboard,
  type DashboardAnalytics,
  type DashboardCourier,
} from 'shared-contracts/retailer-api';
import { SERVICE_TIME_ZONE } from 'shared-contracts/service-time';
import type { Db } from '../db/database.ts';
import { queryRows } from '../db/sql-helpers.ts';
import { legProgress } from '../deliveries/position.ts';
import { deliveries } from '../deliveries/schema.ts';
import { retailerDeliveriesQuery, toApiDeliveries } from '../retailer-api/deliveries.ts';
import { retailerCheckouts } from '../retailer-api/schema.ts';
import { stores } from '../stores/schema.ts';

const RECENT_LIMIT = 200;

/** `YYYY-MM-DD` of `date` in the service's time zone (all three metros are in Central time). */
export function localDate(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SERVICE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** The last `days` local dates, oldest first. */
export function lastDays(now: Date, days = DASHBOARD_DAYS): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i -= 1)
    out.push(localDate(new Date(now.getTime() - i * 86_400_000)));
  return [...new Set(out)];
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

async function analyticsOf(
  db: Db,
  scope: { accountId: string; mode: ApiMode },
  now: Date,
): Promise<DashboardAnalytics> {
  const days = lastDays(now);
  const since = new Date(now.getTime() - (DASHBOARD_DAYS + 1) * 86_400_000);
  const perDayRows = await queryRows<{
    day: string;
    total: number;
    delivered: number;
    failed: number;
    cancelled: number;
  }>(
    db,
    sql`select to_char(${deliveries.createdAt} at time zone ${SERVICE_TIME_ZONE}, 'YYYY-MM-DD') as day,
          count(*)::int as total,
          count(*) filter (where ${deliveries.status} = 'delivered')::int as delivered,
          count(*) filter (where ${deliveries.status} = 'held')::int as failed,
          count(*) filter (where ${deliveries.status} = 'cancelled')::int as cancelled
        from ${retailerCheckouts}
        join checkout_sessions cs on cs.id = ${retailerCheckouts.checkoutSessionId}
        join ${deliveries} on ${deliveries.orderPickupId} = cs.order_pickup_id
        where ${retailerCheckouts.accountId} = ${scope.accountId}
          and ${retailerCheckouts.mode} = ${scope.mode}
          and ${deliveries.createdAt} >= ${since}
        group by 1`,
  );
  const byDay = new Map(perDayRows.map((row) => [row.day, row]));
  const [totals] = await queryRows<{
    total: number;
    delivered: number;
    failed: number;
    on_time: number;
    average_minutes: number | null;
  }>(
    db,
    sql`select count(*)::int as total,
          count(*) filter (where d.status = 'delivered')::int as delivered,
          count(*) filter (where d.status = 'held')::int as failed,
          count(*) filter (where d.status = 'delivered' and (op.window_ends_at is null or d.delivered_at <= op.window_ends_at))::int as on_time,
          avg(extract(epoch from (d.delivered_at - d.created_at)) / 60) filter (where d.status = 'delivered')::float as average_minutes
        from ${retailerCheckouts}
        join checkout_sessions cs on cs.id = ${retailerCheckouts.checkoutSessionId}
        join deliveries d on d.order_pickup_id = cs.order_pickup_id
        join order_pickups op on op.id = d.order_pickup_id
        where ${retailerCheckouts.accountId} = ${scope.accountId}
          and ${retailerCheckouts.mode} = ${scope.mode}`,
  );
  const delivered = totals?.delivered ?? 0;
  const failed = totals?.failed ?? 0;
  return {
    perDay: days.map((date) => ({
      date,
      total: byDay.get(date)?.total ?? 0,
      delivered: byDay.get(date)?.delivered ?? 0,
      failed: byDay.get(date)?.failed ?? 0,
      cancelled: byDay.get(date)?.cancelled ?? 0,
    })),
    onTimeRate: delivered > 0 ? round((totals?.on_time ?? 0) / delivered) : null,
    successRate: delivered + failed > 0 ? round(delivered / (delivered + failed)) : null,
    averageDeliveryMinutes:
      totals?.average_minutes === null || totals?.average_minutes === undefined
        ? null
        : Math.round(totals.average_minutes * 10) / 10,
    deliveredCount: delivered,
    totalCount: totals?.total ?? 0,
  };
}

async function countsOf(
  db: Db,
  scope: { accountId: string; mode: ApiMode },
): Promise<Record<ApiDeliveryStatus, number>> {
  const rows = await queryRows<{ status: string; count: number }>(
    db,
    sql`select d.status, count(*)::int as count
        from ${retailerCheckouts}
        join checkout_sessions cs on cs.id = ${retailerCheckouts.checkoutSessionId}
        join deliveries d on d.order_pickup_id = cs.order_pickup_id
        where ${retailerCheckouts.accountId} = ${scope.accountId}
          and ${retailerCheckouts.mode} = ${scope.mode}
        group by d.status`,
  );
  const counts = Object.fromEntries(API_DELIVERY_STATUSES.map((status) => [status, 0])) as Record<
    ApiDeliveryStatus,
    number
  >;
  const map: Record<string, ApiDeliveryStatus> = {
    pickup_confirmed: 'pickup_confirmed',
    en_route: 'en_route',
    arriving: 'arriving',
    awaiting_customer: 'arriving',
    delivered: 'delivered',
    held: 'failed',
    cancelled: 'cancelled',
  };
  for (const row of rows) {
    const status = map[row.status];
    if (status) counts[status] += row.count;
  }
  return counts;
}

/** Everything the dashboard shows for one retailer and mode, computed at `now`. */
export async function dashboardSnapshot(
  db: Db,
  scope: { accountId: string; mode: ApiMode; businessName: string; demo: boolean },
  now: Date,
): Promise<Dashboard> {
  const contexts = await retailerDeliveriesQuery(
    db,
    and(eq(retailerCheckouts.accountId, scope.accountId), eq(retailerCheckouts.mode, scope.mode)),
  )
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(RECENT_LIMIT);
  const list: ApiDelivery[] = await toApiDeliveries(db, contexts, now);
  const storeRows = await db
    .select({ id: stores.id, name: stores.name, lat: stores.lat, lng: stores.lng })
    .from(stores)
    .where(
      sql`${stores.id} in (${sql.join(
        [...new Set(contexts.map((context) => context.row.storeId)), ''].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const storeById = new Map(storeRows.map((store) => [store.id, store]));
  const couriers: DashboardCourier[] = contexts.flatMap((context) => {
    const { row } = context;
    if (!['pickup_confirmed', 'en_route', 'arriving', 'awaiting_customer'].includes(row.status)) {
      return [];
    }
    const store = storeById.get(row.storeId);
    if (!store) return [];
    const delivery = list.find((item) => item.id === row.id);
    return [
      {
        deliveryId: row.id,
        orderNumber: context.orderNumber,
        status: delivery?.status ?? 'pickup_confirmed',
        kind: delivery?.courier?.kind ?? 'driver',
        name: delivery?.courier?.name ?? 'Courier',
        location: legProgress(row, now).position.location,
        destination: row.destination.location,
        store: { name: store.name, lat: store.lat, lng: store.lng },
      },
    ];
  });
  return {
    mode: scope.mode,
    demo: scope.demo,
    businessName: scope.businessName,
    generatedAt: now.toISOString(),
    counts: await countsOf(db, scope),
    deliveries: list,
    couriers,
    analytics: await analyticsOf(db, scope, now),
  };
}

const CSV_COLUMNS = [
  'id',
  'order_number',
  'order_reference',
  'status',
  'delivery_type',
  'store_name',
  'customer_name',
  'fee_cents',
  'window',
  'window_ends_at',
  'created_at',
  'delivered_at',
] as const;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // Quote what CSV needs quoted; a leading =, +, - or @ would run as a formula in spreadsheets.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function deliveriesCsv(list: ApiDelivery[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const delivery of list) {
    lines.push(CSV_COLUMNS.map((column) => csvCell(delivery[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
