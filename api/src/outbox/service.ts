import { and, desc, eq, getTableColumns, isNotNull, lte, sql } from 'drizzle-orm';
import type { NotificationChannel, OutboxMessage } from 'shared-contracts/notifications';
import type { Db } from '../db/database.ts';
import { type OutboxRow, type OutboxStatus, outbox } from './schema.ts';

export interface NotificationInput {
  channel: NotificationChannel;
  /** Email address or phone number. */
  to: string;
  subject: string;
  text: string;
  /**
   * The message carries a secret (a PIN, a one-time link): `text` is kept only until the message
   * is delivered or `keepUntil` passes (when the secret stops working, or delivery could no longer
   * help), then replaced by `redactedText`.
   */
  secret?: { redactedText: string; keepUntil: Date };
}

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/**
 * `text` with every occurrence of `token` replaced: for long random tokens (links), which cannot
 * occur by chance elsewhere in the text. A short secret such as a 4-digit PIN must instead be left
 * out when the caller renders the redacted text.
 */
export function withoutToken(text: string, token: string): string {
  if (token.length < 16) throw new Error('withoutToken is for long random tokens only');
  return text.replaceAll(token, REDACTED);
}

/**
 * Queues a message (email verification, PINs, delivery updates) in the outbox, always: a message
 * that depends on the person's choices goes through `notifyUser` (notifications/preferences.ts).
 * Pass the caller's transaction so the message exists only if the change it announces commits.
 *
 * No SMTP/SMS transport is configured in this product yet, so messages stay `pending` and are
 * read from the development outbox. A transport added later delivers the
 * pending rows and calls `recordDelivery` (which also drops any secret); callers do not change.
 * A message holding a secret says so with `secret`: the secret stays in the table only until it
 * is delivered or `secret.keepUntil` passes (`redactExpiredSecrets`).
 */
export async function sendNotification(db: Db, input: NotificationInput): Promise<OutboxRow> {
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
      redactedText: input.secret?.redactedText ?? null,
      secretExpiresAt: input.secret?.keepUntil ?? null,
      // Strictly after the newest message (one index probe): the embedded database's clock can
      // tick in whole milliseconds, so two messages queued together could tie and the outbox would
      // list them in random (id) order.
      createdAt: sql`greatest(clock_timestamp(), (select max(${outbox.createdAt}) from ${outbox}) + interval '1 microsecond')`,
    })
    .returning();
  if (!row) throw new Error('Inserting the notification returned no row');
  return row;
}

/** The text without its secret (unchanged when it has none), and nothing left to redact. */
const redaction = {
  text: sql`coalesce(${outbox.redactedText}, ${outbox.text})`,
  redactedText: null,
  secretExpiresAt: null,
};

/**
 * A transport has handed the message over (`sent`) or given up on it (`failed`): nothing needs
 * its secret any more, so the stored text loses it in the same update.
 */
export async function recordDelivery(
  db: Db,
  id: string,
  outcome: Exclude<OutboxStatus, 'pending'>,
): Promise<void> {
  await db
    .update(outbox)
    .set({ status: outcome, ...redaction })
    .where(eq(outbox.id, id));
}

/**
 * Removes every secret whose `keepUntil` has passed (undelivered messages included: the secret
 * no longer works, or it is too late to deliver it). Returns how many messages lost one. Run
 * periodically by the outbox plugin; `now` is the database clock unless a test moves it.
 */
export async function redactExpiredSecrets(db: Db, now?: Date): Promise<number> {
  const rows = await db
    .update(outbox)
    .set(redaction)
    .where(lte(outbox.secretExpiresAt, now ?? sql`now()`))
    .returning({ id: outbox.id });
  return rows.length;
}

/**
 * A secret was used (a link followed, a PIN entered): every message still holding it shows its
 * redacted text from now on, in the development outbox too. `secret` is a piece of the
 * message text unique to that secret (a long token, or the PIN sentence with its order number);
 * `to` narrows it to one recipient.
 */
export async function redactUsedSecret(db: Db, secret: string, to?: string): Promise<void> {
  await db
    .update(outbox)
    .set(redaction)
    .where(
      and(
        isNotNull(outbox.secretExpiresAt),
        to === undefined ? undefined : eq(sql`lower(${outbox.to})`, to.trim().toLowerCase()),
        sql`strpos(${outbox.text}, ${secret}) > 0`,
      ),
    );
}

/** Newest first; `to` matches case-insensitively. */
export async function listOutbox(
  db: Db,
  query: { to?: string | undefined; limit: number },
): Promise<OutboxMessage[]> {
  const rows = await db
    .select({
      ...getTableColumns(outbox),
      // A secret past its time is never shown, even before the periodic redaction reaches it.
      text: sql<string>`case when ${outbox.secretExpiresAt} <= now() then ${outbox.redactedText} else ${outbox.text} end`,
    })
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
