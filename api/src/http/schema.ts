import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of money-moving requests (see idempotency.ts). One row per caller scope and
 * key; the first completed answer is kept for 24 hours and replayed for the same request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key it is, e.g. `user:<id>` or `retailer:<id>`: keys of different callers never meet. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** `POST /api/order-pickups`: a key is bound to one endpoint. */
    route: text('route').notNull(),
    /** SHA-256 of the canonical JSON body; the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    /** A request that crashed mid-way stops holding its key after this. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key], name: 'idempotency_keys_pkey' })],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
