import { sql } from 'drizzle-orm';
import { CURBSIDE_STATUS_LABELS, type CurbsideStatus } from 'shared-contracts/curbside';
import type {
  DeliveryStatus,
  HistoryFilter,
  PickupHistoryItem,
  PickupHistoryPage,
} from 'shared-contracts/deliveries';
import { ORDER_PICKUP_STATUS_LABELS, type OrderPickupStatus } from 'shared-contracts/order-pickups';
import type { DeliveryType } from 'shared-contracts/quotes';
import type { Db } from '../db/database.ts';
import { queryRows } from '../db/sql-helpers.ts';

/**
 * Pickup history: the caller's order pickups and curbside pickups in one list, newest
 * first, filtered by status group and order number, a page at a time. One SQL query (UNION ALL),
 * so pagination and the total are right however the two kinds interleave.
 */

interface HistoryRow {
  kind: 'order' | 'curbside';
  id: string;
  order_pickup_id: string;
  order_number: string;
  retailer_order_number: string | null;
  store_name: string;
  retailer_name: string;
  delivery_type: DeliveryType;
  status: string;
  delivery_status: DeliveryStatus | null;
  parking_spot_number: string | null;
  total_cents: number | null;
  created_at: Date | string;
  grp: HistoryFilter;
}

/** `%` and `_` typed by the person are literal characters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

function toItem(row: HistoryRow): PickupHistoryItem {
  const isOrder = row.kind === 'order';
  return {
    kind: row.kind,
    id: row.id,
    orderPickupId: row.order_pickup_id,
    orderNumber: row.order_number,
    retailerOrderNumber: row.retailer_order_number,
    storeName: row.store_name,
    retailerName: row.retailer_name,
    deliveryType: row.delivery_type,
    group: row.grp,
    status: row.status,
    statusLabel: isOrder
      ? ORDER_PICKUP_STATUS_LABELS[row.status as OrderPickupStatus]
      : CURBSIDE_STATUS_LABELS[row.status as CurbsideStatus],
    deliveryStatus: row.delivery_status,
    parkingSpotNumber: row.parking_spot_number,
    totalCents: row.total_cents === null ? null : Number(row.total_cents),
    createdAt: new Date(row.created_at).toISOString(),
    trackingPath: isOrder
      ? `/delivery-tracking/${row.order_pickup_id}`
      : `/curbside-pickup?pickup=${row.id}`,
  };
}

export async function listPickupHistory(
  db: Db,
  userId: string,
  query: {
    page: number;
    pageSize: number;
    status?: HistoryFilter | undefined;
    q?: string | undefined;
  },
): Promise<PickupHistoryPage> {
  const entries = sql`
    with entries as (
      select 'order' as kind, o.id, o.id as order_pickup_id, o.order_number, o.retailer_order_number,
             s.name as store_name, r.name as retailer_name, o.delivery_type, o.status,
             d.status as delivery_status, null::text as parking_spot_number,
             o.total_cents, o.created_at
      from order_pickups o
      join stores s on s.id = o.store_id
      join retailers r on r.id = s.retailer_id
      left join deliveries d on d.order_pickup_id = o.id
      where o.user_id = ${userId} and o.livemode -- test-mode orders are never history
      union all
      select 'curbside' as kind, c.id, c.order_pickup_id, c.order_number, o.retailer_order_number,
             s.name, r.name, o.delivery_type, c.status, null, c.parking_spot_number,
             null::integer, c.created_at
      from curbside_pickups c
      join order_pickups o on o.id = c.order_pickup_id
      join stores s on s.id = c.store_id
      join retailers r on r.id = s.retailer_id
      where c.user_id = ${userId}
    ),
    grouped as (
      select entries.*,
             case when status = 'delivered' then 'delivered'
                  when status in ('cancelled', 'failed') then 'cancelled'
                  else 'active' end as grp
      from entries
    )`;
  const search = query.q ? likePattern(query.q) : null;
  const where = sql`
    where (${query.status ?? null}::text is null or grp = ${query.status ?? null})
      and (${search}::text is null
           or order_number ilike ${search}
           or coalesce(retailer_order_number, '') ilike ${search})`;
  const [total] = await queryRows<{ count: number | string }>(
    db,
    sql`${entries} select count(*) as count from grouped ${where}`,
  );
  const rows = await queryRows<HistoryRow>(
    db,
    sql`${entries} select * from grouped ${where}
        order by created_at desc, id desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  return {
    items: rows.map(toItem),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.count ?? 0),
  };
}
