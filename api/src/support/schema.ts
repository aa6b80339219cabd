import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  SUPPORT_AUTHORS,
  SUPPORT_SOURCES,
  SUPPORT_TOPICS,
  type SupportTopic,
} from 'shared-contracts/support';
import { users } from '../auth/schema.ts';
import { inList } from '../db/sql-helpers.ts';

/**
 * One conversation with support per person: a signed-in user's thread (by user id) or a visitor's
 * thread (by the random visitor id their browser keeps). Exactly one of the two is set.
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_threads_user_id_key').on(t.userId),
    uniqueIndex('support_threads_visitor_id_key').on(t.visitorId),
    check('support_threads_owner_check', sql`(${t.userId} is null) <> (${t.visitorId} is null)`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    author: text('author').notNull().$type<(typeof SUPPORT_AUTHORS)[number]>(),
    source: text('source').notNull().$type<(typeof SUPPORT_SOURCES)[number]>(),
    body: text('body').notNull(),
    /** Contact-form messages: who wrote and about what, so support can answer by email. */
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    topic: text('topic').$type<SupportTopic>(),
    // clock_timestamp(), not now(): the message and its automatic reply are written in one
    // transaction and must keep their order.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('support_messages_thread_id_created_at_idx').on(t.threadId, t.createdAt),
    check('support_messages_author_check', inList(t.author, SUPPORT_AUTHORS)),
    check('support_messages_source_check', inList(t.source, SUPPORT_SOURCES)),
    check(
      'support_messages_topic_check',
      sql`${t.topic} is null or ${inList(t.topic, SUPPORT_TOPICS)}`,
    ),
  ],
);

export type SupportThreadRow = typeof supportThreads.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
