import { z } from 'zod';
import { metroAreaSchema } from './stores.ts';
import { safeText } from './text.ts';

/**
 * Saved delivery addresses (the settings page builds on the same API). Addresses are in
 * Texas: the service covers three Texas metros, and the server places each address on the map
 * with its own gazetteer of their ZIP codes (no outside geocoding service).
 */

export const MAX_SAVED_ADDRESSES = 20;

export const ADDRESS_MESSAGES = {
  line1Required: 'Street address is required',
  line1Max: 'Street address must be at most 120 characters',
  line2Max: 'Apartment, suite or unit must be at most 60 characters',
  cityRequired: 'City is required',
  cityMax: 'City must be at most 60 characters',
  stateTexas: 'We deliver in Texas only; the state must be TX',
  zipFormat: 'ZIP code must be 5 digits',
  labelMax: 'Label must be at most 40 characters',
  instructionsMax: 'Delivery instructions must be at most 280 characters',
  tooMany: `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Remove one to add another.`,
  notFound: 'Address not found',
} as const;

/** A street address as typed (delivery details step, settings). */
export const addressInputSchema = z
  .object({
    label: safeText('Label').max(40, ADDRESS_MESSAGES.labelMax).optional(),
    line1: safeText('Street address')
      .min(1, ADDRESS_MESSAGES.line1Required)
      .max(120, ADDRESS_MESSAGES.line1Max),
    line2: safeText('Address line 2').max(60, ADDRESS_MESSAGES.line2Max).optional(),
    city: safeText('City').min(1, ADDRESS_MESSAGES.cityRequired).max(60, ADDRESS_MESSAGES.cityMax),
    state: safeText('State')
      .toUpperCase()
      .refine((value) => value === 'TX', ADDRESS_MESSAGES.stateTexas),
    zip: safeText('ZIP code').regex(/^\d{5}$/, ADDRESS_MESSAGES.zipFormat),
    instructions: safeText('Delivery instructions', { multiline: true })
      .max(280, ADDRESS_MESSAGES.instructionsMax)
      .optional(),
  })
  .meta({ id: 'AddressInput' });
export type AddressInput = z.infer<typeof addressInputSchema>;
export type AddressFormValues = z.input<typeof addressInputSchema>;

export const locationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Location = z.infer<typeof locationSchema>;

/** An address placed on the map: what an order keeps (a copy, so later edits do not change it). */
export const deliveryAddressSchema = z
  .object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    instructions: z.string().nullable(),
    location: locationSchema,
    metroArea: metroAreaSchema,
  })
  .meta({ id: 'DeliveryAddress' });
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const savedAddressSchema = deliveryAddressSchema
  .extend({
    id: z.uuid(),
    label: z.string().nullable(),
    isDefault: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SavedAddress' });
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const savedAddressListSchema = z.array(savedAddressSchema);

/** `POST /api/addresses`. The first address saved becomes the default. */
export const createAddressRequestSchema = addressInputSchema
  .extend({ isDefault: z.boolean().optional() })
  .meta({ id: 'CreateAddressRequest' });
export type CreateAddressRequest = z.input<typeof createAddressRequestSchema>;

/** `PATCH /api/addresses/:id`: any fields; `isDefault: true` makes it the default. */
export const updateAddressRequestSchema = addressInputSchema
  .partial()
  .extend({ isDefault: z.literal(true).optional() })
  .meta({ id: 'UpdateAddressRequest' });
export type UpdateAddressRequest = z.input<typeof updateAddressRequestSchema>;

export const addressParamsSchema = z.object({ id: z.uuid(ADDRESS_MESSAGES.notFound) });

/** "12 Main St, Apt 4, Dallas, TX 75201". */
export function formatAddress(address: {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
}): string {
  const street = address.line2 ? `${address.line1}, ${address.line2}` : address.line1;
  return `${street}, ${address.city}, ${address.state} ${address.zip}`;
}
