import type { MapTiles } from 'shared-contracts/deliveries';
import { z } from 'zod';

/**
 * The optional map tile layer of the tracking page. The app draws its own map (route,
 * stores, the courier) and needs no outside service; an operator who has a tile server can set
 * `MAP_TILE_URL` (an `{z}/{x}/{y}` template over https) and `MAP_TILE_ATTRIBUTION`, and the page
 * draws those tiles underneath. Parsed at start-up; a bad value stops the server with a message.
 */
const mapTilesEnvSchema = z.object({
  MAP_TILE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z
        .string()
        .regex(
          /^https:\/\/[^\s]+\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*$/,
          'MAP_TILE_URL must be an https URL template with {z}, {x} and {y}',
        )
        .optional(),
    ),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .trim()
    .max(200, 'MAP_TILE_ATTRIBUTION must be at most 200 characters')
    .optional(),
});

export function mapTilesFromEnv(env: Record<string, string | undefined>): MapTiles | null {
  const parsed = mapTilesEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Invalid map tile configuration: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
    );
  }
  const { MAP_TILE_URL: urlTemplate, MAP_TILE_ATTRIBUTION: attribution } = parsed.data;
  if (!urlTemplate) return null;
  return { urlTemplate, attribution: attribution || 'Map tiles' };
}
