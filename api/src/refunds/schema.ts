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
import {
  REFUND_DESTINATIONS,
  REFUND_PHOTO_TYPES,
  REFUND_REASONS,
  REFUND_STATUSES,
  type RefundDestinationChoice,
  type RefundPhotoType,
  type RefundReason,
  type RefundStatus,
} from 'shared-contracts/refunds';
import { users } from '../auth/schema.ts';
import { bytea } from '../db/bytea.ts';
import { inList } from '../db/sql-helpers.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { refunds, walletEntries } from '../payments/schema.ts';

/**
 * Refund requests. One per order and reason: asking twice for the same thing is refused
 * (the unique index decides, also for two requests sent at once). The money itself moves through
 * the payments domain (`refundPayment`, a row in `refunds`) or the wallet ledger (`creditWallet`).
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderPickupId: uuid('order_pickup_id')
      .notNull()
      .references(() => orderPickups.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().$type<RefundReason>(),
    description: text('description').notNull(),
    itemValueCents: integer('item_value_cents'),
    destination: text('destination').notNull().$type<RefundDestinationChoice>(),
    status: text('status').notNull().default('submitted').$type<RefundStatus>(),
    decision: text('decision'),
    approvedCents: integer('approved_cents'),
    /** The card refund, when the money went back to the card. */
    paymentRefundId: uuid('payment_refund_id').references(() => refunds.id),
    /** The wallet credit, when it went to the wallet. */
    walletEntryId: uuid('wallet_entry_id').references(() => walletEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refund_requests_order_reason_key').on(t.orderPickupId, t.reason),
    index('refund_requests_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('refund_requests_reason_check', inList(t.reason, REFUND_REASONS)),
    check('refund_requests_status_check', inList(t.status, REFUND_STATUSES)),
    check('refund_requests_destination_check', inList(t.destination, REFUND_DESTINATIONS)),
    check(
      'refund_requests_amounts_check',
      sql`(${t.itemValueCents} is null or ${t.itemValueCents} > 0) and (${t.approvedCents} is null or ${t.approvedCents} >= 0)`,
    ),
  ],
);

export type RefundRequestRow = typeof refundRequests.$inferSelect;

/**
 * Photos for refund requests, uploaded one by one before the request is sent and attached to it
 * then (`refundRequestId`). Unattached uploads older than a day are removed at the next upload.
 */
export const refundPhotos = pgTable(
  'refund_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refundRequestId: uuid('refund_request_id').references(() => refundRequests.id, {
      onDelete: 'cascade',
    }),
    contentType: text('content_type').notNull().$type<RefundPhotoType>(),
    sizeBytes: integer('size_bytes').notNull(),
    image: bytea('image').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refund_photos_user_id_idx').on(t.userId, t.createdAt),
    index('refund_photos_refund_request_id_idx').on(t.refundRequestId),
    check('refund_photos_content_type_check', inList(t.contentType, REFUND_PHOTO_TYPES)),
  ],
);

export type RefundPhotoRow = typeof refundPhotos.$inferSelect;
