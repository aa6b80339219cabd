import { eq } from 'drizzle-orm';
import type { AddressInput, DeliveryAddress } from 'shared-contracts/addresses';
import {
  DELIVERY_WINDOW_LABELS,
  DELIVERY_WINDOWS,
  type DeliveryType,
  type DeliveryWindow,
  QUOTE_MESSAGES,
  type Quote,
  type WeightClass,
  type WindowOption,
} from 'shared-contracts/quotes';
import { getOwnAddress, savedToDeliveryAddress, toDeliveryAddress } from '../addresses/service.ts';
import type { Db } from '../db/database.ts';
import { BadRequestError, HttpError } from '../http/errors.ts';
import { type StoreRow, stores } from '../stores/schema.ts';
import { activePlanFor } from '../subscriptions/service.ts';
import { haversineMiles, roundMiles } from './distance.ts';
import { type PricingInput, priceDelivery, windowAvailability, zoneFor } from './pricing.ts';
import { windowTimes } from './windows.ts';

export interface QuoteInput {
  userId: string;
  storeId: string;
  deliveryType: DeliveryType;
  addressId?: string | undefined;
  address?: AddressInput | undefined;
  /** Without one, the fastest available window is priced. */
  window?: DeliveryWindow | undefined;
  bags: number;
  weightClass: WeightClass;
  now: Date;
}

/** A quote with what an order needs to keep: the store, the placed address and the window times. */
export interface PreparedQuote {
  quote: Quote;
  store: StoreRow;
  deliveryAddress: DeliveryAddress | null;
  addressId: string | null;
  windowStartsAt: Date;
  windowEndsAt: Date;
}

async function findStore(db: Db, storeId: string): Promise<StoreRow> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  if (!store) {
    throw new BadRequestError(QUOTE_MESSAGES.storeNotFound, [
      { path: 'storeId', message: QUOTE_MESSAGES.storeNotFound },
    ]);
  }
  return store;
}

/**
 * Prices an order the way checkout charges it: store and service checks, the address placed by
 * the gazetteer, distance, zone, window availability, the caller's plan, then `priceDelivery`.
 * Problems are 4xx with a sentence for the person (400 bad input, 404 someone else's address,
 * 422 an address or window the store cannot serve).
 */
export async function prepareQuote(db: Db, input: QuoteInput): Promise<PreparedQuote> {
  const store = await findStore(db, input.storeId);
  if (input.deliveryType === 'curbside' && !store.services.includes('curbside')) {
    throw new HttpError(422, QUOTE_MESSAGES.storeNoCurbside(store.name));
  }
  if (input.deliveryType === 'home' && !store.services.includes('home_delivery')) {
    throw new HttpError(422, QUOTE_MESSAGES.storeNoHome(store.name));
  }

  let deliveryAddress: DeliveryAddress | null = null;
  let addressId: string | null = null;
  let distanceMiles: number | null = null;
  if (input.deliveryType === 'home') {
    if (input.addressId) {
      deliveryAddress = savedToDeliveryAddress(
        await getOwnAddress(db, input.userId, input.addressId),
      );
      addressId = input.addressId;
    } else if (input.address) {
      deliveryAddress = toDeliveryAddress(input.address);
    } else {
      throw new BadRequestError(QUOTE_MESSAGES.addressRequired, [
        { path: 'address', message: QUOTE_MESSAGES.addressRequired },
      ]);
    }
    distanceMiles = roundMiles(
      haversineMiles({ lat: store.lat, lng: store.lng }, deliveryAddress.location),
    );
  }

  const zone = zoneFor(input.deliveryType, distanceMiles);
  if (zone === null) {
    throw new HttpError(422, QUOTE_MESSAGES.tooFar((distanceMiles ?? 0).toFixed(1), store.name));
  }
  const pricing: PricingInput = {
    deliveryType: input.deliveryType,
    distanceMiles,
    weightClass: input.weightClass,
    plan: await activePlanFor(db, input.userId, input.now),
  };

  const windows: WindowOption[] = DELIVERY_WINDOWS.map((window) => {
    const availability = windowAvailability(zone, window);
    const times = windowTimes(window, input.now);
    const price = availability.available ? priceDelivery(pricing, window) : null;
    return {
      window,
      label: DELIVERY_WINDOW_LABELS[window],
      available: availability.available,
      reason: availability.available ? null : availability.reason,
      startsAt: times.startsAt.toISOString(),
      endsAt: times.endsAt.toISOString(),
      feeCents: price?.feeCents ?? null,
      lines: price?.lines ?? null,
      discountCents: price?.discountCents ?? null,
    };
  });

  let window = input.window;
  if (window) {
    const availability = windowAvailability(zone, window);
    if (!availability.available) throw new HttpError(422, availability.reason);
  } else {
    const first = windows.find((option) => option.available);
    if (!first) throw new Error(`Zone ${zone} has no available window`);
    window = first.window;
  }
  const price = priceDelivery(pricing, window);
  const times = windowTimes(window, input.now);

  return {
    quote: {
      storeId: store.id,
      deliveryType: input.deliveryType,
      weightClass: input.weightClass,
      bags: input.bags,
      distanceMiles,
      zone,
      window,
      windows,
      lines: price.lines,
      subtotalCents: price.subtotalCents,
      discountCents: price.discountCents,
      feeCents: price.feeCents,
      plan: pricing.plan ? { id: pricing.plan.id, name: pricing.plan.name } : null,
    },
    store,
    deliveryAddress,
    addressId,
    windowStartsAt: times.startsAt,
    windowEndsAt: times.endsAt,
  };
}
