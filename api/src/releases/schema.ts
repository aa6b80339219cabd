import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from '../db/bytea.ts';

/**
 * The release registry of the remotes (docs/decisions/019-canary-releases.md). Every API process
 * reads the same rows, so all serve the same assignment; a change to `release_remotes` is
 * announced on `release_changes` by a trigger (migration), whoever made it.
 */

/** The key that signs assignment cookies and page tokens: one row, made by the first process. */
export const releaseSecrets = pgTable('release_secrets', {
  id: smallint('id').primaryKey(),
  secret: bytea('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which release of each remote is stable, and which is the canary, for what share of visitors. */
export const releaseRemotes = pgTable('release_remotes', {
  remote: text('remote').primaryKey(),
  stable: text('stable').notNull(),
  canary: text('canary'),
  /** Percent of visitors (1 to 100) who get the canary. */
  canaryPercent: integer('canary_percent').notNull().default(0),
  canarySince: timestamp('canary_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every release a remote has had, with its latest state. */
export const releaseBuilds = pgTable(
  'release_builds',
  {
    remote: text('remote').notNull(),
    release: text('release').notNull(),
    /** stable, canary, promoted, rolled back, retired (shared-contracts RELEASE_STATES). */
    state: text('state').notNull(),
    reason: text('reason').notNull(),
    stateAt: timestamp('state_at', { withTimezone: true }).notNull().defaultNow(),
    deployedAt: timestamp('deployed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Its figures count from here: when it last became a canary (a canary deployed again starts
     * afresh), or became stable other than by promotion.
     */
    countedSince: timestamp('counted_since', { withTimezone: true }).notNull().defaultNow(),
    /** Pages of the remote the server sent with this release, since `countedSince`. */
    pagesServed: bigint('pages_served', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remote, t.release] })],
);

/** The release history: every change of state, who made it and why, with the figures. */
export const releaseTransitions = pgTable(
  'release_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    remote: text('remote').notNull(),
    release: text('release').notNull(),
    state: text('state').notNull(),
    /** operator (a deploy command) or server (the rule). */
    actor: text('actor').notNull(),
    reason: text('reason').notNull(),
    figures: jsonb('figures').$type<unknown>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('release_transitions_remote_id_idx').on(t.remote, t.id)],
);

/** Deploy commands already applied (by whichever process read them first), by their id. */
export const releaseCommands = pgTable('release_commands', {
  id: text('id').primaryKey(),
  remote: text('remote').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per remote per page load that reported on it: what went wrong and its Web Vitals. The
 * page id comes from the signed page token; it names no one. Rows older than 30 days are deleted.
 */
export const releasePageViews = pgTable(
  'release_page_views',
  {
    pageId: text('page_id').notNull(),
    remote: text('remote').notNull(),
    release: text('release').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    manifestFailed: boolean('manifest_failed').notNull().default(false),
    entryFailed: boolean('entry_failed').notNull().default(false),
    chunkFailed: boolean('chunk_failed').notNull().default(false),
    renderFailed: boolean('render_failed').notNull().default(false),
    unhandledError: boolean('unhandled_error').notNull().default(false),
    lcp: real('lcp'),
    inp: real('inp'),
    cls: real('cls'),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.remote] }),
    index('release_page_views_release_idx').on(t.remote, t.release, t.createdAt),
  ],
);

/** The errors seen per release, by kind, name and message (scrubbed), with their page views. */
export const releaseErrorSamples = pgTable(
  'release_error_samples',
  {
    remote: text('remote').notNull(),
    release: text('release').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    pageViews: integer('page_views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remote, t.release, t.kind, t.name, t.message] })],
);
