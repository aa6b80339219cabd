import { z } from 'zod';
import { retailerIdSchema } from './retailers.ts';

/** The three Texas metro areas the service covers. Note the en dash. */
export const METRO_AREAS = ['Dallas–Fort Worth', 'Houston', 'Austin'] as const;
export const metroAreaSchema = z.enum(METRO_AREAS);

export const STORE_SERVICES = ['curbside', 'home_delivery'] as const;
export const storeServiceSchema = z.enum(STORE_SERVICES);

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const weekdaySchema = z.enum(WEEKDAYS);

const timeOfDaySchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM');

/**
 * Opening hours for one weekday in the store's local time (America/Chicago for all three metros).
 * A day that is missing from `hours` is a closed day.
 */
export const openingHoursSchema = z.object({
  day: weekdaySchema,
  opens: timeOfDaySchema,
  closes: timeOfDaySchema,
});

export const storeSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    retailer: z.object({ id: retailerIdSchema, name: z.string() }),
    addressLine: z.string().min(1),
    city: z.string().min(1),
    state: z.string().length(2),
    zip: z.string().regex(/^\d{5}$/),
    metroArea: metroAreaSchema,
    location: z.object({
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
    }),
    hours: z.array(openingHoursSchema),
    services: z.array(storeServiceSchema).min(1),
  })
  .meta({ id: 'Store' });

export const storeListSchema = z.array(storeSchema);

export type MetroArea = z.infer<typeof metroAreaSchema>;
export type StoreService = z.infer<typeof storeServiceSchema>;
export type Weekday = z.infer<typeof weekdaySchema>;
export type OpeningHours = z.infer<typeof openingHoursSchema>;
export type Store = z.infer<typeof storeSchema>;
