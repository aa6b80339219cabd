import { z } from 'zod';
import { safeText } from './text.ts';

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

/** One message as listed by the development outbox (`GET /api/dev/outbox`). */
export const outboxMessageSchema = z
  .object({
    id: z.string(),
    channel: notificationChannelSchema,
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    /** ISO 8601 timestamp. */
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'OutboxMessage' });

/** Newest first. */
export const outboxListSchema = z.array(outboxMessageSchema);

export const OUTBOX_DEFAULT_LIMIT = 50;
export const OUTBOX_MAX_LIMIT = 200;

export const outboxQuerySchema = z.object({
  /** Only messages to this address or phone number (case-insensitive). */
  to: safeText('Recipient').min(1).optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(OUTBOX_MAX_LIMIT, `limit must be at most ${OUTBOX_MAX_LIMIT}`)
    .default(OUTBOX_DEFAULT_LIMIT),
});

export type NotificationChannel = z.infer<typeof notificationChannelSchema>;
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export type OutboxQuery = z.input<typeof outboxQuerySchema>;
