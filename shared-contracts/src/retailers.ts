import { z } from 'zod';
import { safeUrl } from './url.ts';

/** The only categories a retailer can carry. */
export const RETAILER_CATEGORIES = [
  'Fashion',
  'Accessories',
  'Athletics',
  'Shoes',
  'Beauty',
  'Cosmetics',
] as const;

export const retailerCategorySchema = z.enum(RETAILER_CATEGORIES);

/** Retailer ids are URL slugs (`macys`, `foot-locker`); they appear in logo URLs. */
export const retailerIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Retailer id must be a lower-case slug');

export const retailerSchema = z
  .object({
    id: retailerIdSchema,
    name: z.string().min(1),
    /** Root-relative URL of the retailer's logo, served by the API itself. */
    image: z.string().min(1),
    categories: z.array(retailerCategorySchema).min(1),
    /** The retailer's own website; the partner strip opens it in a new tab. */
    url: safeUrl('Website', { protocol: /^https$/ }),
    /** Brand colour as `#rrggbb`. */
    brandColor: z.string().regex(/^#[0-9a-f]{6}$/i),
  })
  .meta({ id: 'Retailer' });

export const retailerListSchema = z.array(retailerSchema);

export const retailerParamsSchema = z.object({ id: retailerIdSchema });

export type RetailerCategory = z.infer<typeof retailerCategorySchema>;
export type Retailer = z.infer<typeof retailerSchema>;
