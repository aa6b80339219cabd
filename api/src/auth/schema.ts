import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Kept as typed for display; unique regardless of case. */
    username: text('username').notNull(),
    /** Always stored lower-cased, so equality is a case-insensitive match. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the person deleted their account: the row stays so their orders keep an
     * owner, but every personal field is replaced and the password can never match again.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Login accepts "email or username"; two accounts differing only in case
    // would make the username ambiguous.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * Sign-in sessions. The bearer token is never stored: only its SHA-256, so a
 * leaked table cannot be replayed. Logout sets `revokedAt`; the row stays until housekeeping.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the bearer token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** End of the "recent password re-check" window; opened by login and verify-recent. */
    sensitiveUntil: timestamp('sensitive_until', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;

/** Email verification links: single use, 24 h, stored hashed like session tokens. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /**
     * For an email change: the new address, which replaces the account's email when the
     * link sent to it is opened. Null for the registration link.
     */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_token_hash_key').on(t.tokenHash),
    index('email_verification_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Failed password checks per subject (`user:<id>`, or `identifier:<sha256>` for names that match
 * no account), in the database so every API process behind the load balancer shares the count
 * (ADR 003). One row per subject: a fixed window that starts at its first attempt.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    subject: text('subject').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttle_window_idx').on(t.windowStartedAt)],
);
