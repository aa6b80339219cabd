import { desc, eq, sql } from 'drizzle-orm';
import type { NotificationChannel, OutboxMessage } from 'shared-contracts/notifications';
import type { NotificationEvent } from 'shared-contracts/settings';
import type { Db } from '../db/database.ts';
import { wantsNotification } from './preferences.ts';
import { type OutboxRow, outbox } from './schema.ts';

export interface NotificationInput {
  channel: NotificationChannel;
  /** Email address or phone number. */
  to: string;
  subject: string;
  text: string;
}

/**
 * Whom a message is for and what it is about (issue 7). With it, the message is queued only if the
 * person's notification preferences want this event on this channel; without it (security mail,
 * the curbside PIN) it is always queued.
 */
export interface NotificationSubject {
  userId: string;
  event: NotificationEvent;
}

/**
 * Queues a notification (email verification, PINs, delivery updates) in the outbox. Pass the
 * caller's transaction so the message exists only if the change it announces commits.
 *
 * No SMTP/SMS transport is configured in this product yet, so messages stay `pending` and are
 * read from the development outbox (DESIGN.md section 4). A transport added later delivers the
 * pending rows and marks them `sent`/`failed`; callers do not change.
 */
export async function sendNotification(db: Db, input: NotificationInput): Promise<OutboxRow>;
export async function sendNotification(
  db: Db,
  input: NotificationInput & { about: NotificationSubject },
): Promise<OutboxRow | null>;
export async function sendNotification(
  db: Db,
  input: NotificationInput & { about?: NotificationSubject },
): Promise<OutboxRow | null> {
  if (
    input.about &&
    !(await wantsNotification(db, input.about.userId, input.about.event, input.channel))
  ) {
    return null;
  }
  const to = input.to.trim();
  if (to.length === 0) throw new Error('Notification recipient is empty');
  const [row] = await db
    .insert(outbox)
    .values({
      channel: input.channel,
      // Addresses are compared case-insensitively everywhere; store them as users do.
      to: input.channel === 'email' ? to.toLowerCase() : to,
      subject: input.subject,
      text: input.text,
    })
    .returning();
  if (!row) throw new Error('Inserting the notification returned no row');
  return row;
}

/** Newest first; `to` matches case-insensitively. */
export async function listOutbox(
  db: Db,
  query: { to?: string | undefined; limit: number },
): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(query.to ? eq(sql`lower(${outbox.to})`, query.to.toLowerCase()) : undefined)
    // Several messages can share a timestamp (one transaction); the id keeps the order stable.
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(query.limit);
  return rows.map(toOutboxMessage);
}

export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}
