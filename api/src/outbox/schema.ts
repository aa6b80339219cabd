import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from 'shared-contracts/notifications';
import { inList } from '../db/sql-helpers.ts';

/**
 * `pending` until a transport delivers it. With no SMTP/SMS transport configured nothing is ever
 * delivered and the rows are the development outbox.
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull().$type<NotificationChannel>(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('pending').$type<OutboxStatus>(),
    /**
     * For a message carrying a secret (a PIN, a one-time link): `text` without it. It replaces
     * `text` once the message is delivered or `secret_expires_at` passes, and both
     * columns go back to null; null from the start for messages without a secret.
     */
    redactedText: text('redacted_text'),
    /** Until when delivery may still need the secret in `text`; null once it is gone. */
    secretExpiresAt: timestamp('secret_expires_at', { withTimezone: true }),
    // clock_timestamp(), not now(): several messages queued in one transaction keep their order
    // in the newest-first outbox.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('outbox_created_at_idx').on(t.createdAt),
    // The redaction sweep looks only at messages still holding a secret.
    index('outbox_secret_expires_at_idx')
      .on(t.secretExpiresAt)
      .where(sql`${t.secretExpiresAt} is not null`),
    check('outbox_secret_check', sql`(${t.redactedText} is null) = (${t.secretExpiresAt} is null)`),
    check('outbox_channel_check', inList(t.channel, NOTIFICATION_CHANNELS)),
    check('outbox_status_check', inList(t.status, OUTBOX_STATUSES)),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
