import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Durable timers of the courier simulator; see `timers.ts`. */
export const timers = pgTable(
  'timers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().$type<unknown>(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** A runner that claimed the row owns it until then; after that another runner may retry. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Set when the timer gave up (too many attempts, or a payload its handler rejects). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The runner's claim query scans only open timers by due time.
    index('timers_open_due_at_idx')
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

export type TimerRow = typeof timers.$inferSelect;
