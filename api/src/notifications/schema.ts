import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ChannelPreference, NotificationEvent } from 'shared-contracts/settings';
import { users } from '../auth/schema.ts';

/**
 * Per-user notification choices: email and SMS per event kind (shared-contracts `settings`),
 * and the mobile number texts go to. No row means the defaults; `notifyUser` reads them.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mobileNumber: text('mobile_number'),
  events: jsonb('events').notNull().$type<Record<NotificationEvent, ChannelPreference>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
