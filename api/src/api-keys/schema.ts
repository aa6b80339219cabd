import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { API_KEY_KINDS, API_MODES, type ApiKeyKind, type ApiMode } from 'shared-contracts/retailer';
import { inList } from '../db/sql-helpers.ts';
import { retailerAccounts } from '../retailers/schema.ts';

/**
 * Retailer API keys. Secret keys are stored as their SHA-256 only (they are 190 random bits, so a
 * fast hash is enough, unlike passwords); the whole key is shown once. Publishable keys are not
 * secret (they sit in the retailer's web pages) and are kept whole to be shown again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => retailerAccounts.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull().$type<ApiMode>(),
    kind: text('kind').notNull().$type<ApiKeyKind>(),
    tokenHash: text('token_hash').notNull().unique('api_keys_token_hash_key'),
    /** `sk_test_…a1b2` for secret keys, the whole key for publishable ones. */
    display: text('display').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Set when a key is rolled with a grace period. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** A one-hour key of the API docs console (a few at most per account). */
    console: boolean('console').notNull().default(false),
  },
  (t) => [
    index('api_keys_account_idx').on(t.accountId, t.createdAt),
    check('api_keys_mode_check', inList(t.mode, API_MODES)),
    check('api_keys_kind_check', inList(t.kind, API_KEY_KINDS)),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Request counts in fixed one-minute windows per account, key kind and mode (`secret:test`, …), in
 * the database so the limit holds across API processes. Per account rather
 * than per key: console keys, a rolled key in its grace period and its successor all
 * draw on one budget, so minting keys never multiplies it.
 */
export const apiAccountRateWindows = pgTable(
  'api_account_rate_windows',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => retailerAccounts.id, { onDelete: 'cascade' }),
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.accountId, t.bucket, t.windowStart],
      name: 'api_account_rate_windows_pkey',
    }),
  ],
);
