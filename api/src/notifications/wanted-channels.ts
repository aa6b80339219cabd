import { eq } from 'drizzle-orm';
import type { NotificationChannel } from 'shared-contracts/notifications';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationPreferences,
} from 'shared-contracts/settings';
import { users } from '../auth/schema.ts';
import type { Db } from '../db/database.ts';
import { notificationPreferences } from './schema.ts';

// The read side of notification preferences, kept apart from preferences.ts so the outbox
// (service.ts) can consult it without importing the module that sends through the outbox.

/** Every event's channels, a person's saved choices first and the product defaults after. */
export function eventsWithDefaults(
  events: Partial<NotificationPreferences['events']> | undefined,
): NotificationPreferences['events'] {
  return Object.fromEntries(
    NOTIFICATION_EVENTS.map((event) => [
      event,
      events?.[event] ?? DEFAULT_NOTIFICATION_PREFERENCES[event],
    ]),
  ) as NotificationPreferences['events'];
}

/** Whether the person wants `event` by `channel` (false for deleted accounts). */
export async function wantsNotification(
  db: Db,
  userId: string,
  event: NotificationEvent,
  channel: NotificationChannel,
): Promise<boolean> {
  const [row] = await db
    .select({ deletedAt: users.deletedAt, events: notificationPreferences.events })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId));
  if (!row || row.deletedAt) return false;
  return eventsWithDefaults(row.events ?? undefined)[event][channel];
}
