import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every live update, kept so a client that reconnects with `Last-Event-ID` gets what it missed.
 * Ids grow in commit order within a topic (see `publishEvent`), which is what makes resuming safe.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    /** The SSE `event:` name. */
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_topic_id_idx').on(t.topic, t.id),
    index('events_created_at_idx').on(t.createdAt),
  ],
);

export type EventRow = typeof events.$inferSelect;
