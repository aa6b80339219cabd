import { z } from 'zod';

/**
 * `GET /api/health`: 200 `{ ok: true, database: 'up' }` once the server accepts requests; 503
 * `{ ok: false, database: 'down', message }` with `Retry-After` while
 * the database cannot be reached, so a load balancer or a person sees why requests fail.
 */
export const healthSchema = z.object({ ok: z.literal(true), database: z.literal('up') });

export const healthDownSchema = z.object({
  ok: z.literal(false),
  database: z.literal('down'),
  message: z.string(),
});

export type Health = z.infer<typeof healthSchema>;
