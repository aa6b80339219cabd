import { z } from 'zod';

/** `GET /api/health`: answers once the server accepts requests (DESIGN.md section 3). */
export const healthSchema = z.object({ ok: z.literal(true) });

export type Health = z.infer<typeof healthSchema>;
