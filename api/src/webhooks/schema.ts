import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { API_MODES, type ApiMode } from 'shared-contracts/retailer';
import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookEventType,
} from 'shared-contracts/webhooks';
import { inList } from '../db/sql-helpers.ts';
import { retailerAccounts } from '../retailers/schema.ts';

/**
 * A retailer's webhook endpoints. The signing secret has to be kept readable (we sign with it);
 * it is shown to the retailer once and never returned again.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => retailerAccounts.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull().$type<ApiMode>(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull().$type<WebhookEventType[]>(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_endpoints_account_idx').on(t.accountId, t.mode),
    check('webhook_endpoints_mode_check', inList(t.mode, API_MODES)),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** Every event, once (its `id` is what receivers deduplicate on); the body is kept as sent. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => retailerAccounts.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull().$type<ApiMode>(),
    type: text('type').notNull().$type<WebhookEventType>(),
    body: jsonb('body').notNull().$type<WebhookEvent>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * The outbox: one row per event and endpoint, sent at least once. A durable timer carries each
 * attempt, so pending deliveries survive restarts.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending').$type<WebhookDeliveryStatus>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_check', inList(t.status, WEBHOOK_DELIVERY_STATUSES)),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The delivery log: every HTTP attempt with its answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    manual: boolean('manual').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
