import { useEffect, useState } from 'react';
import { type AddressFormValues, addressInputSchema } from 'shared-contracts/addresses';
import type {
  DeliveryType,
  DeliveryWindow,
  Quote,
  QuoteRequest,
  WeightClass,
} from 'shared-contracts/quotes';
import { QUOTE_MESSAGES } from 'shared-contracts/quotes';
import type { StoreService } from 'shared-contracts/stores';
import { useQuote } from './quote-api';

/** What the delivery choices hold: type, address (saved or new) and window. */
export interface DeliveryValue {
  deliveryType?: DeliveryType;
  /** A saved address, or `new` for the typed one. */
  addressChoice?: string;
  newAddress: AddressFormValues;
  /** Keep the typed address as a saved address. */
  saveAddress: boolean;
  window?: DeliveryWindow;
}

export const EMPTY_ADDRESS: AddressFormValues = {
  line1: '',
  line2: '',
  city: '',
  state: 'TX',
  zip: '',
  instructions: '',
};

export const EMPTY_DELIVERY: DeliveryValue = { newAddress: EMPTY_ADDRESS, saveAddress: true };

export const DELIVERY_MESSAGES = {
  typeRequired: 'Choose curbside pickup or home delivery',
  windowRequired: 'Choose a time window',
  windowUnavailable: 'That time window is not available for this address; choose another',
  quoteMissing: 'We are still pricing your delivery; try again in a moment',
} as const;

export type AddressErrors = Partial<Record<keyof AddressFormValues, string>>;

export interface DeliveryErrors {
  deliveryType?: string;
  address?: string;
  addressFields?: AddressErrors;
  window?: string;
}

export function storeOffers(services: readonly StoreService[], type: DeliveryType): boolean {
  return services.includes(type === 'home' ? 'home_delivery' : 'curbside');
}

/** Field errors of a typed address, by field. */
export function addressErrors(address: AddressFormValues): AddressErrors {
  const result = addressInputSchema.safeParse(address);
  if (result.success) return {};
  const errors: AddressErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof AddressFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The destination part of a quote request, or null when it is not complete yet. */
export function destinationOf(
  value: DeliveryValue,
): Pick<QuoteRequest, 'addressId' | 'address'> | null {
  if (value.deliveryType === 'curbside') return {};
  if (value.deliveryType !== 'home' || !value.addressChoice) return null;
  if (value.addressChoice !== 'new') return { addressId: value.addressChoice };
  const parsed = addressInputSchema.safeParse(value.newAddress);
  return parsed.success ? { address: value.newAddress } : null;
}

/** What is missing or wrong before one may go on; empty when the delivery choice is complete. */
export function deliveryErrors(value: DeliveryValue, quote: Quote | undefined): DeliveryErrors {
  const errors: DeliveryErrors = {};
  if (!value.deliveryType) {
    errors.deliveryType = DELIVERY_MESSAGES.typeRequired;
    return errors;
  }
  if (value.deliveryType === 'home') {
    if (!value.addressChoice) errors.address = QUOTE_MESSAGES.addressRequired;
    else if (value.addressChoice === 'new') {
      const fields = addressErrors(value.newAddress);
      if (Object.keys(fields).length > 0) errors.addressFields = fields;
    }
  }
  if (!value.window) errors.window = DELIVERY_MESSAGES.windowRequired;
  else if (quote) {
    const option = quote.windows.find((item) => item.window === value.window);
    if (!option?.available) errors.window = DELIVERY_MESSAGES.windowUnavailable;
  }
  return errors;
}

export function hasErrors(errors: DeliveryErrors): boolean {
  return Object.keys(errors).length > 0;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The live quote for a store and delivery choice: every window with its fee. Typing a new address
 * asks again only after a pause, and only once the address is complete.
 */
export function useDeliveryQuote(input: {
  storeId: string | undefined;
  bags: number;
  weightClass: WeightClass;
  value: DeliveryValue;
}) {
  const destination = destinationOf(input.value);
  const request: QuoteRequest | null =
    input.storeId && input.value.deliveryType && destination
      ? {
          storeId: input.storeId,
          deliveryType: input.value.deliveryType,
          ...destination,
          bags: input.bags,
          weightClass: input.weightClass,
        }
      : null;
  const debounced = useDebounced(request, request?.address ? 400 : 0);
  const query = useQuote(debounced);
  // While typing, the quote on screen belongs to the previous address.
  const settled = JSON.stringify(debounced) === JSON.stringify(request);
  return { ...query, request, settled };
}
