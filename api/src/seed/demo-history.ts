import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAddressRequestSchema } from 'shared-contracts/addresses';
import {
  type CreateOrderPickupRequest,
  createOrderPickupRequestSchema,
} from 'shared-contracts/order-pickups';
import { cardPaymentSourceSchema, TEST_CARDS } from 'shared-contracts/payments';
import { createAddress } from '../addresses/service.ts';
import { COURIER_TIMERS } from '../deliveries/courier.ts';
import { deliveries } from '../deliveries/schema.ts';
import {
  cancelOrderPickup,
  createOrderPickup,
  type OrderPickupDeps,
} from '../order-pickups/service.ts';
import { changeOrderPickupStatus } from '../order-pickups/status.ts';
import { paymentMethods } from '../payments/schema.ts';
import { SERVICE_TIME_ZONE, serviceTimeToInstant } from '../quotes/windows.ts';
import { topUpWallet } from '../wallet/top-up.ts';
import { courierPlayback } from './courier-playback.ts';
import { DEMO_CUSTOMER } from './demo-customer.ts';
import { redateDemoHistory } from './redate.ts';
import { nearHalfHourAfter, SeedTimeline, type StoryTime } from './timeline.ts';

/**
 * The demo customer's first five weeks, made by the real services and dated in the past
 * (timeline.ts): 35 days ago a Dallas home address (the default); 30 days ago $60.00 to the wallet
 * by the test Visa, card kept; 21 days ago CR-100231 (Zara, home delivery from the wallet,
 * delivered with a photo); 14 days ago CR-100232 (Kohl's curbside by card, cancelled and
 * refunded); 7 days ago CR-100238 (Sephora, a 2-hour window, delivered); yesterday CR-100234 and
 * CR-100235 (curbside, ready); today CR-100236 and CR-100237 (curbside, confirmed); just now
 * CR-100233 (Macy's, ASAP by card, the courier just left the store).
 * Curbside orders have only what confirming gives them, so the curbside flow starts clean. The
 * in-transit courier is driven by the timer runner from start-up on, at SIM_TIME_SCALE.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A fixed demo order number for each story order (CR-1002xx, below the sequence's range). */
export const DEMO_ORDER_NUMBERS = {
  deliveredZara: 'CR-100231',
  cancelledKohls: 'CR-100232',
  inTransit: 'CR-100233',
  readyNordstrom: 'CR-100234',
  readyFootLocker: 'CR-100235',
  confirmedMacys: 'CR-100236',
  confirmedNike: 'CR-100237',
  deliveredSephora: 'CR-100238',
} as const;

export const DEMO_ADDRESS = {
  label: 'Home',
  line1: '5619 Belmont Ave',
  city: 'Dallas',
  state: 'TX',
  zip: '75206',
  instructions: 'Blue door. Leave parcels on the porch bench.',
} as const;

export const DEMO_TOP_UP_CENTS = 6_000;

const demoCard = (now: Date) => ({
  number: TEST_CARDS.success,
  expiry: `09/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`,
  cvc: '424',
  name: `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`,
});

const chicagoDate = new Intl.DateTimeFormat('en-US', {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** `hour:minute` in Texas, `days` before `now`'s date there. */
function daysAgoAt(now: Date, days: number, hour: number, minute: number): number {
  const parts = Object.fromEntries(
    chicagoDate.formatToParts(now).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return serviceTimeToInstant({
    year: parts.year ?? now.getUTCFullYear(),
    month: parts.month ?? 1,
    day: (parts.day ?? 1) - days,
    hour,
    minute,
  }).getTime();
}

export async function seedDemoHistory(
  app: FastifyInstance,
  customer: { id: string; email: string },
  now = new Date(),
): Promise<void> {
  const db = app.database.db;
  const userId = customer.id;
  const deps: OrderPickupDeps = { provider: app.paymentProvider, events: app.orderPickupEvents };
  const timeline = new SeedTimeline();
  const at =
    (ms: number): StoryTime =>
    () =>
      ms;
  /** `minutes` after the story time of a row the story wrote (an order's creation). */
  const after =
    (createdAt: string, minutes: number): StoryTime =>
    () =>
      timeline.instant(new Date(createdAt)).getTime() + minutes * MINUTE;
  const nowMs = now.getTime();

  // Dispatch runs inside the order's creation, on the app's clock (SIM_TIME_SCALE): the ETA it
  // writes for an order of the past stands for that many times more real time.
  const pastDispatch = { estimateFactor: 1 / app.config.simTimeScale };
  const place = (
    when: StoryTime,
    orderNumber: string,
    input: Omit<CreateOrderPickupRequest, 'customerName' | 'bags' | 'tipCents'> &
      Partial<Pick<CreateOrderPickupRequest, 'customerName' | 'bags' | 'tipCents'>>,
    options: { estimateFactor: number } = pastDispatch,
  ) =>
    timeline.step(
      when,
      () =>
        createOrderPickup(db, deps, {
          userId,
          orderNumber,
          now: new Date(),
          input: createOrderPickupRequestSchema.parse({
            customerName: `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`,
            bags: 1,
            tipCents: 0,
            ...input,
          }),
        }),
      options,
    );
  const deliveryOf = async (orderPickupId: string) => {
    const [row] = await db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.orderPickupId, orderPickupId));
    if (!row) throw new Error(`Demo order ${orderPickupId} was confirmed without a delivery`);
    return row.id;
  };
  /** Plays the courier to the door (story time: real time) and checks it got there. */
  const deliverInThePast = async (orderPickupId: string) => {
    const deliveryId = await deliveryOf(orderPickupId);
    const played = await courierPlayback(app, timeline, 1).play(deliveryId);
    if (played.outcome === 'taken') {
      app.log.warn(
        { deliveryId },
        'another API process took a demo courier timer while seeding; it finishes that delivery',
      );
      return;
    }
    const [row] = await db
      .select({ status: deliveries.status })
      .from(deliveries)
      .where(eq(deliveries.id, deliveryId));
    if (row?.status !== 'delivered') {
      throw new Error(`Demo delivery ${deliveryId} ended ${row?.status}, not delivered`);
    }
  };

  // 35 days ago: the home address, the default.
  const address = await timeline.step(at(daysAgoAt(now, 35, 19, 5)), () =>
    createAddress(
      db,
      userId,
      createAddressRequestSchema.parse({ ...DEMO_ADDRESS, isDefault: true }),
    ),
  );

  // 30 days ago: funds for the wallet, by card, keeping the card for later orders.
  await timeline.step(at(daysAgoAt(now, 30, 19, 12)), () =>
    topUpWallet(db, app.paymentProvider, {
      userId,
      amountCents: DEMO_TOP_UP_CENTS,
      payment: cardPaymentSourceSchema.parse({ type: 'card', card: demoCard(now), save: true }),
    }),
  );
  const [card] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)));
  if (!card) throw new Error('The demo card was not saved');
  const savedCard = { type: 'saved_card', paymentMethodId: card.id } as const;

  // 21 days ago: a home delivery from Zara, paid from the wallet, delivered within the hour.
  const zara = await place(
    nearHalfHourAfter(daysAgoAt(now, 21, 11, 20)),
    DEMO_ORDER_NUMBERS.deliveredZara,
    {
      storeId: 'zara-northpark',
      retailerOrderNumber: 'ZR-2207-4418',
      bags: 2,
      weightClass: 'medium',
      deliveryType: 'home',
      addressId: address.id,
      window: 'asap',
      tipCents: 300,
      payment: { type: 'wallet' },
    },
  );
  await deliverInThePast(zara.id);

  // 14 days ago: a curbside order at Kohl's, cancelled free of charge before anyone arrived.
  const kohls = await place(
    nearHalfHourAfter(daysAgoAt(now, 14, 16, 25)),
    DEMO_ORDER_NUMBERS.cancelledKohls,
    {
      storeId: 'kohls-round-rock',
      retailerOrderNumber: 'KOH-88213407',
      bags: 3,
      weightClass: 'large',
      deliveryType: 'curbside',
      window: '4h',
      payment: savedCard,
    },
  );
  await timeline.step(after(kohls.createdAt, 18), () =>
    cancelOrderPickup(db, deps, { userId, orderPickupId: kohls.id }),
  );

  // 7 days ago: Sephora in a 2-hour window, from the wallet.
  const sephora = await place(
    nearHalfHourAfter(daysAgoAt(now, 7, 12, 50)),
    DEMO_ORDER_NUMBERS.deliveredSephora,
    {
      storeId: 'sephora-northpark',
      retailerOrderNumber: 'SEP-5531907',
      weightClass: 'small',
      deliveryType: 'home',
      addressId: address.id,
      window: '2h',
      tipCents: 200,
      payment: { type: 'wallet' },
    },
  );
  await deliverInThePast(sephora.id);

  // Yesterday: two curbside orders, ready at their stores since.
  const ready = [
    {
      number: DEMO_ORDER_NUMBERS.readyNordstrom,
      storeId: 'nordstrom-northpark',
      retailerOrderNumber: 'NS-7730921',
      hoursAgo: 26,
    },
    {
      number: DEMO_ORDER_NUMBERS.readyFootLocker,
      storeId: 'foot-locker-barton-creek',
      retailerOrderNumber: 'FL-24018',
      hoursAgo: 25,
    },
  ];
  for (const order of ready) {
    const placed = await place(nearHalfHourAfter(nowMs - order.hoursAgo * HOUR), order.number, {
      storeId: order.storeId,
      retailerOrderNumber: order.retailerOrderNumber,
      weightClass: 'small',
      deliveryType: 'curbside',
      window: '2h',
      payment: savedCard,
    });
    await timeline.step(after(placed.createdAt, 40), () =>
      changeOrderPickupStatus(db, app.orderPickupEvents, {
        orderPickupId: placed.id,
        to: 'ready_for_pickup',
        note: 'Packed and ready at the store for curbside pickup',
      }),
    );
  }

  // Today: two curbside orders, confirmed.
  await place(nearHalfHourAfter(nowMs - 5 * HOUR), DEMO_ORDER_NUMBERS.confirmedMacys, {
    storeId: 'macys-galleria-dallas',
    retailerOrderNumber: 'M-91827364',
    bags: 2,
    weightClass: 'medium',
    deliveryType: 'curbside',
    window: '6h',
    payment: savedCard,
  });
  await place(nearHalfHourAfter(nowMs - 3 * HOUR), DEMO_ORDER_NUMBERS.confirmedNike, {
    storeId: 'nike-galleria-houston',
    retailerOrderNumber: 'NK-C0422913',
    weightClass: 'small',
    deliveryType: 'curbside',
    window: '6h',
    payment: savedCard,
  });

  // Just now: a home delivery whose courier collected it and is on the way. The order was placed
  // as long ago as the courier needed to reach the store; the departure happens live, so the
  // app's timer runner carries the courier on from start-up.
  let placedInTransit = 0;
  const inTransit = await place(
    () => placedInTransit,
    DEMO_ORDER_NUMBERS.inTransit,
    {
      storeId: 'macys-galleria-dallas',
      retailerOrderNumber: 'M-91833020',
      weightClass: 'small',
      deliveryType: 'home',
      addressId: address.id,
      window: 'asap',
      tipCents: 400,
      payment: savedCard,
    },
    { estimateFactor: 1 },
  );
  const playback = courierPlayback(app, timeline, app.config.simTimeScale);
  const toDeparture = await playback.play(await deliveryOf(inTransit.id), {
    stopBefore: COURIER_TIMERS.depart,
  });
  if (toDeparture.outcome === 'stopped' && (await playback.runLive(toDeparture.next))) {
    // With the order placed at 0, the departure would fall at departedAt; it happened now.
    const departedAt = toDeparture.at(0);
    placedInTransit = (timeline.lastWall ?? Date.now()) - departedAt;
  } else {
    placedInTransit = Date.now();
  }

  await redateDemoHistory(db, timeline, customer);
}
