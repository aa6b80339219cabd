import { and, count, eq, inArray } from 'drizzle-orm';
import type { Location } from 'shared-contracts/addresses';
import { COURIER_FLEET_INFO, type Place } from 'shared-contracts/deliveries';
import { DELIVERY_WINDOW_LABELS } from 'shared-contracts/quotes';
import type { Db } from '../db/database.ts';
import { type OrderPickupRow, orderPickups } from '../order-pickups/schema.ts';
import { type StoreRow, stores } from '../stores/schema.ts';
import { COLLECT_AT_STORE_MS, COURIER_TIMERS, type CourierDeps } from './courier.ts';
import {
  buildRoute,
  routeFromPoints,
  seedFrom,
  trafficFactors,
  travelTimeMs,
} from './courier-route.ts';
import { chooseCourier } from './dispatch-rules.ts';
import { driverFor } from './drivers.ts';
import { deliveries } from './schema.ts';
import { ACTIVE_DELIVERY_STATUSES, appendDeliveryUpdate, publishDelivery } from './service.ts';

/** A courier for a scheduled window aims for this long after the window opens. */
export const WINDOW_ARRIVAL_MARGIN_MS = 10 * 60_000;

/**
 * Dispatch: when an order pickup is confirmed, choose its courier (rules.ts), lay out
 * the route and start the simulator. Runs inside the confirming transaction (an order-pickups
 * status listener), so an order never exists confirmed without its delivery.
 */

/**
 * The curb of the store's parking lot where robots meet cars: about 60 m south-east of the
 * entrance (the stores' coordinates are their entrances).
 */
export function curbPoint(store: Pick<StoreRow, 'lat' | 'lng'>): Location {
  return {
    lat: Math.round((store.lat - 0.0005) * 1e6) / 1e6,
    lng: Math.round((store.lng + 0.0004) * 1e6) / 1e6,
  };
}

export function storePlace(store: Pick<StoreRow, 'name' | 'addressLine' | 'lat' | 'lng'>): Place {
  return {
    name: store.name,
    addressLine: store.addressLine,
    location: { lat: store.lat, lng: store.lng },
  };
}

/** Dispatches the order's delivery unless it has one; returns its id. */
export async function dispatchDelivery(
  tx: Db,
  deps: CourierDeps,
  order: OrderPickupRow,
  now = new Date(),
): Promise<string> {
  const [existing] = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(eq(deliveries.orderPickupId, order.id));
  if (existing) return existing.id;

  const [store] = await tx.select().from(stores).where(eq(stores.id, order.storeId));
  if (!store) throw new Error(`Store ${order.storeId} of order ${order.orderNumber} not found`);
  const origin = storePlace(store);
  const seed = seedFrom(order.id);
  const isHome = order.deliveryType === 'home' && order.deliveryAddress !== null;

  const destination: Place = isHome
    ? {
        name: 'Delivery address',
        addressLine: order.deliveryAddress?.line2
          ? `${order.deliveryAddress.line1}, ${order.deliveryAddress.line2}`
          : (order.deliveryAddress?.line1 ?? ''),
        location: order.deliveryAddress?.location ?? origin.location,
      }
    : {
        name: `${store.name} curbside pickup`,
        addressLine: store.addressLine,
        location: curbPoint(store),
      };
  const route = isHome
    ? buildRoute(origin.location, destination.location, seed)
    : routeFromPoints([origin.location, destination.location]);

  // Only live orders take a CurbRun driver: a test-mode order's courier is the simulator alone.
  const [busy] = await tx
    .select({ value: count() })
    .from(deliveries)
    .innerJoin(orderPickups, eq(orderPickups.id, deliveries.orderPickupId))
    .where(
      and(
        eq(deliveries.storeId, store.id),
        eq(deliveries.fleet, 'curbrun_drivers'),
        inArray(deliveries.status, [...ACTIVE_DELIVERY_STATUSES]),
        eq(orderPickups.livemode, true),
      ),
    );
  const choice = chooseCourier({
    deliveryType: isHome ? 'home' : 'curbside',
    zone: order.zone,
    window: order.window,
    weightClass: order.weightClass,
    routeMiles: route.miles,
    busyInHouseDrivers: busy?.value ?? 0,
  });
  const driver = choice.fleet === 'curbrun_robots' ? null : driverFor(choice.fleet, seed);
  const traffic = choice.fleet === 'curbrun_robots' ? [1] : trafficFactors(seed);

  // Simulated milliseconds until the courier is at the store: at once for ASAP; for a window,
  // timed so the courier rings a few minutes after the window opens, never before it (traffic
  // and a busy simulator only ever make it a little late, and late within the window is fine).
  const leadMs = choice.pickupLeadMinutes * 60_000;
  const driveMs = travelTimeMs(route.miles, choice.speedMph, traffic);
  const untilWindowMs =
    isHome && order.window !== 'asap' && order.windowStartsAt
      ? Math.max(
          0,
          order.windowStartsAt.getTime() +
            WINDOW_ARRIVAL_MARGIN_MS -
            now.getTime() -
            leadMs -
            COLLECT_AT_STORE_MS -
            driveMs,
        )
      : 0;
  const etaAt = isHome
    ? new Date(
        now.getTime() + (untilWindowMs + leadMs + COLLECT_AT_STORE_MS + driveMs) * deps.timeScale,
      )
    : null;

  const [row] = await tx
    .insert(deliveries)
    .values({
      orderPickupId: order.id,
      userId: order.userId,
      storeId: store.id,
      deliveryType: isHome ? 'home' : 'curbside',
      status: 'pickup_confirmed',
      fleet: choice.fleet,
      dispatchReason: choice.reason,
      // A test-mode order sends nobody: it costs us nothing (checkout-sessions/test-mode.ts).
      courierCostCents: order.livemode ? choice.costCents : 0,
      courierName: driver?.name ?? null,
      vehicle: driver?.vehicle ?? null,
      speedMph: choice.speedMph,
      pickupLeadMinutes: choice.pickupLeadMinutes,
      signatureRequired:
        isHome && (order.weightClass === 'large' || order.weightClass === 'extra_large'),
      origin,
      destination,
      route: route.points,
      routeMiles: route.miles,
      traffic,
      timeScale: deps.timeScale,
      etaAt,
    })
    .onConflictDoNothing({ target: deliveries.orderPickupId })
    .returning();
  if (!row) {
    // Dispatched meanwhile by another process (the unique index decided).
    const [other] = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.orderPickupId, order.id));
    if (!other) throw new Error(`Dispatching order ${order.orderNumber} wrote no delivery`);
    return other.id;
  }

  const fleetName = COURIER_FLEET_INFO[choice.fleet].name;
  if (driver) {
    const when =
      order.window && order.window !== 'asap'
        ? ` and bring it in your ${DELIVERY_WINDOW_LABELS[order.window].toLowerCase()}`
        : '';
    await appendDeliveryUpdate(
      tx,
      row.id,
      'pickup_confirmed',
      `Pickup confirmed. ${driver.name} (${fleetName}, ${driver.vehicle.split(' · ')[0]}) will collect your order at ${store.name}${when}.`,
      etaAt,
    );
    await deps.schedule(tx, {
      kind: COURIER_TIMERS.atStore,
      payload: { deliveryId: row.id, attempt: 1 },
      delayMs: untilWindowMs + leadMs,
    });
  } else {
    await appendDeliveryUpdate(
      tx,
      row.id,
      'pickup_confirmed',
      `Pickup confirmed. Your order at ${store.name} is set for curbside pickup: when you arrive, tell us your parking spot on the Curbside Pickup page and a CurbRun robot brings it to your car.`,
    );
  }
  await publishDelivery(tx, row.id, deps.view);
  return row.id;
}
