import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
  type updateNotificationPreferencesSchema,
} from 'shared-contracts/settings';
import type { z } from 'zod';
import { users } from '../auth/schema.ts';
import type { Db } from '../db/database.ts';
import { sendNotification } from '../outbox/service.ts';
import { notificationPreferences } from './schema.ts';

/**
 * Per-user notification preferences: email and SMS per event kind. `notifyUser` sends one event
 * to every channel the person wants, to their account email and saved mobile number, through the
 * outbox.
 */

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

export async function getNotificationPreferences(
  db: Db,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return { mobileNumber: row?.mobileNumber ?? null, events: eventsWithDefaults(row?.events) };
}

export async function saveNotificationPreferences(
  db: Db,
  userId: string,
  input: z.output<typeof updateNotificationPreferencesSchema>,
): Promise<NotificationPreferences> {
  const values = {
    userId,
    mobileNumber: input.mobileNumber ?? null,
    events: eventsWithDefaults(input.events),
  };
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { mobileNumber: values.mobileNumber, events: values.events, updatedAt: new Date() },
    });
  return getNotificationPreferences(db, userId);
}

export type { UpdateNotificationPreferences };

export interface UserNotification {
  userId: string;
  event: NotificationEvent;
  subject: string;
  /** The email body. */
  text: string;
  /** A shorter text message; the email body when absent. */
  smsText?: string;
}

/** Sends an event to the person by every channel they chose; returns how many were queued. */
export async function notifyUser(db: Db, message: UserNotification): Promise<number> {
  const [row] = await db
    .select({
      email: users.email,
      deletedAt: users.deletedAt,
      mobileNumber: notificationPreferences.mobileNumber,
      events: notificationPreferences.events,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, message.userId));
  if (!row || row.deletedAt) return 0;
  const wants = eventsWithDefaults(row.events ?? undefined)[message.event];
  let sent = 0;
  if (wants.email) {
    await sendNotification(db, {
      channel: 'email',
      to: row.email,
      subject: message.subject,
      text: message.text,
    });
    sent += 1;
  }
  if (wants.sms && row.mobileNumber) {
    await sendNotification(db, {
      channel: 'sms',
      to: row.mobileNumber,
      subject: message.subject,
      text: `CurbRun: ${message.smsText ?? message.text}`,
    });
    sent += 1;
  }
  return sent;
}
