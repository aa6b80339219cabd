import type { AddressInput } from 'shared-contracts/addresses';
import {
  DELIVERY_TYPE_LABELS,
  DELIVERY_WINDOW_LABELS,
  DELIVERY_WINDOWS,
  type DeliveryType,
  type DeliveryZone,
  QUOTE_MESSAGES,
  type WeightClass,
} from 'shared-contracts/quotes';
import type { ApiDeliveryOption } from 'shared-contracts/retailer-api';
import { toDeliveryAddress } from '../addresses/service.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { haversineMiles, roundMiles } from '../quotes/distance.ts';
import { priceDelivery, windowAvailability, zoneFor } from '../quotes/pricing.ts';
import { windowTimes } from '../quotes/windows.ts';
import { retailerStores } from '../stores/queries.ts';
import type { StoreRow } from '../stores/schema.ts';

/**
 * The delivery options of a retailer checkout, priced with the one pricing function
 * (`priceDelivery`) exactly as the customer's checkout will price them, before any
 * subscriber discount of the customer (the retailer does not know who will pay).
 *
 * - Curbside: one option for the session's store (or any of the retailer's stores).
 * - Home: with the customer's address, priced from the nearest store that delivers (distance
 *   band and zone included); without one, priced without the distance band ("from").
 */

const NO_STORE_FOR = {
  curbside: 'None of your stores offers curbside pickup.',
  home: 'None of your stores offers home delivery.',
} as const;

function optionFor(
  deliveryType: DeliveryType,
  zone: DeliveryZone,
  distanceMiles: number | null,
  weightClass: WeightClass,
  now: Date,
  meta: { storeId: string | null; pricedForAddress: boolean },
): ApiDeliveryOption {
  const windows = DELIVERY_WINDOWS.map((window) => {
    const availability = windowAvailability(zone, window);
    const times = windowTimes(window, now);
    const price = availability.available
      ? priceDelivery({ deliveryType, distanceMiles, weightClass, plan: null }, window)
      : null;
    return {
      window,
      label: DELIVERY_WINDOW_LABELS[window],
      available: availability.available,
      reason: availability.available ? null : availability.reason,
      fee_cents: price?.feeCents ?? null,
      starts_at: times.startsAt.toISOString(),
      ends_at: times.endsAt.toISOString(),
    };
  });
  const fees = windows.flatMap((window) => (window.fee_cents === null ? [] : [window.fee_cents]));
  return {
    delivery_type: deliveryType,
    label: DELIVERY_TYPE_LABELS[deliveryType],
    available: fees.length > 0,
    reason: null,
    from_fee_cents: fees.length > 0 ? Math.min(...fees) : null,
    priced_for_address: meta.pricedForAddress,
    store_id: meta.storeId,
    windows,
  };
}

function unavailable(deliveryType: DeliveryType, reason: string): ApiDeliveryOption {
  return {
    delivery_type: deliveryType,
    label: DELIVERY_TYPE_LABELS[deliveryType],
    available: false,
    reason,
    from_fee_cents: null,
    priced_for_address: false,
    store_id: null,
    windows: [],
  };
}

export async function deliveryOptions(
  db: Db,
  input: {
    retailerId: string;
    storeId?: string | undefined;
    address?: AddressInput | undefined;
    weightClass: WeightClass;
    now: Date;
  },
): Promise<ApiDeliveryOption[]> {
  const all = await retailerStores(db, input.retailerId);
  const candidates = input.storeId ? all.filter((store) => store.id === input.storeId) : all;

  const curbsideStores = candidates.filter((store) => store.services.includes('curbside'));
  const curbside =
    curbsideStores.length === 0
      ? unavailable('curbside', NO_STORE_FOR.curbside)
      : optionFor('curbside', 'curbside', null, input.weightClass, input.now, {
          storeId:
            input.storeId ?? (curbsideStores.length === 1 ? (curbsideStores[0]?.id ?? null) : null),
          pricedForAddress: false,
        });

  const homeStores = candidates.filter((store) => store.services.includes('home_delivery'));
  return [curbside, homeOption(homeStores, input)];
}

function homeOption(
  homeStores: StoreRow[],
  input: {
    storeId?: string | undefined;
    address?: AddressInput | undefined;
    weightClass: WeightClass;
    now: Date;
  },
): ApiDeliveryOption {
  if (homeStores.length === 0) return unavailable('home', NO_STORE_FOR.home);
  if (!input.address) {
    return optionFor('home', 'core', 0, input.weightClass, input.now, {
      storeId: input.storeId ?? null,
      pricedForAddress: false,
    });
  }
  let location: { lat: number; lng: number };
  try {
    location = toDeliveryAddress(input.address).location;
  } catch (error) {
    // An address outside the three metros: the option is unavailable, with the reason.
    if (error instanceof HttpError) return unavailable('home', error.message);
    throw error;
  }
  const nearest = homeStores
    .map((store) => ({
      store,
      miles: roundMiles(haversineMiles({ lat: store.lat, lng: store.lng }, location)),
    }))
    .sort((a, b) => a.miles - b.miles)[0];
  if (!nearest) return unavailable('home', NO_STORE_FOR.home);
  const zone = zoneFor('home', nearest.miles);
  if (zone === null) {
    return unavailable('home', QUOTE_MESSAGES.tooFar(nearest.miles.toFixed(1), nearest.store.name));
  }
  return optionFor('home', zone, nearest.miles, input.weightClass, input.now, {
    storeId: nearest.store.id,
    pricedForAddress: true,
  });
}
