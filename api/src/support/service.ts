import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  type CreateSupportMessageResponse,
  SUPPORT_ACK_INTERVAL_MS,
  SUPPORT_EMAIL,
  SUPPORT_THREAD_LIMIT,
  SUPPORT_TOPIC_LABELS,
  type SupportMessage,
  supportAcknowledgement,
} from 'shared-contracts/support';
import type { Db } from '../db/database.ts';
import { sendNotification } from '../outbox/service.ts';
import {
  type SupportMessageRow,
  type SupportThreadRow,
  supportMessages,
  supportThreads,
} from './schema.ts';

/** Who is writing: a signed-in user, or a visitor known only by the random id their browser keeps. */
export type SupportCaller =
  | { kind: 'user'; userId: string }
  | { kind: 'visitor'; visitorId: string };

export type NewSupportMessage =
  | { source: 'chat'; message: string }
  | {
      source: 'contact';
      message: string;
      name: string;
      email: string;
      topic: SupportMessage['topic'] & string;
    };

function ownerCondition(caller: SupportCaller) {
  return caller.kind === 'user'
    ? eq(supportThreads.userId, caller.userId)
    : eq(supportThreads.visitorId, caller.visitorId);
}

async function findThread(db: Db, caller: SupportCaller): Promise<SupportThreadRow | undefined> {
  const [row] = await db.select().from(supportThreads).where(ownerCondition(caller)).limit(1);
  return row;
}

/**
 * The caller's thread, created on first use and locked for the rest of the transaction, so two
 * messages sent at once cannot both decide that they start a conversation.
 */
async function lockThread(tx: Db, caller: SupportCaller): Promise<SupportThreadRow> {
  await tx
    .insert(supportThreads)
    .values(caller.kind === 'user' ? { userId: caller.userId } : { visitorId: caller.visitorId })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(supportThreads)
    .where(ownerCondition(caller))
    .limit(1)
    .for('update');
  if (!row) throw new Error('The support thread vanished while it was being written to');
  return row;
}

export function toSupportMessage(row: SupportMessageRow): SupportMessage {
  return {
    id: row.id,
    author: row.author,
    source: row.source,
    body: row.body,
    topic: row.topic ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's messages, oldest first (the newest SUPPORT_THREAD_LIMIT of them). */
export async function readThread(db: Db, caller: SupportCaller): Promise<SupportMessage[]> {
  const thread = await findThread(db, caller);
  if (!thread) return [];
  const newestFirst = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.threadId, thread.id))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(SUPPORT_THREAD_LIMIT);
  return newestFirst.reverse().map(toSupportMessage);
}

/**
 * Moves a visitor's conversation into the signed-in user's thread: someone who chatted before
 * signing in keeps the conversation, and the browser's visitor id no longer opens it after they
 * sign out (a shared computer does not show the next person what they wrote).
 */
async function adoptVisitorThread(tx: Db, into: SupportThreadRow, visitorId: string) {
  const [visitorThread] = await tx
    .select()
    .from(supportThreads)
    .where(eq(supportThreads.visitorId, visitorId))
    .limit(1)
    .for('update');
  if (!visitorThread) return;
  await tx
    .update(supportMessages)
    .set({ threadId: into.id })
    .where(eq(supportMessages.threadId, visitorThread.id));
  await tx.delete(supportThreads).where(eq(supportThreads.id, visitorThread.id));
}

/** Whether support answered this thread recently enough that another acknowledgement is noise. */
async function answeredRecently(tx: Db, threadId: string): Promise<boolean> {
  // The database's clock, the one that stamped the messages (an API host's clock may drift).
  const since = sql`clock_timestamp() - make_interval(secs => ${SUPPORT_ACK_INTERVAL_MS / 1000})`;
  const [recent] = await tx
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.threadId, threadId),
        eq(supportMessages.author, 'support'),
        gt(supportMessages.createdAt, since),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

function inboxNotice(input: NewSupportMessage, caller: SupportCaller) {
  const who = caller.kind === 'user' ? `signed-in user ${caller.userId}` : 'a visitor';
  if (input.source === 'contact') {
    return {
      subject: `Contact form: ${SUPPORT_TOPIC_LABELS[input.topic]} from ${input.name}`,
      text: `From: ${input.name} <${input.email.toLowerCase()}> (${who})\nTopic: ${SUPPORT_TOPIC_LABELS[input.topic]}\n\n${input.message}`,
    };
  }
  return {
    subject: 'Live chat: a new conversation is waiting',
    text: `From ${who}:\n\n${input.message}\n\nAnswer in the support console.`,
  };
}

/**
 * Stores a message in the caller's thread and answers it with the automatic acknowledgement
 * (support hours) when it starts a conversation; contact-form messages are always acknowledged,
 * since the form promises a confirmation. Every acknowledged message also reaches the support
 * inbox through the notification outbox, so a person sees it.
 */
export async function postSupportMessage(
  db: Db,
  caller: SupportCaller,
  input: NewSupportMessage,
  options: { adoptVisitorId?: string } = {},
): Promise<CreateSupportMessageResponse> {
  return db.transaction(async (tx) => {
    const thread = await lockThread(tx, caller);
    if (caller.kind === 'user' && options.adoptVisitorId) {
      await adoptVisitorThread(tx, thread, options.adoptVisitorId);
    }
    const acknowledge = input.source === 'contact' || !(await answeredRecently(tx, thread.id));

    const [sent] = await tx
      .insert(supportMessages)
      .values({
        threadId: thread.id,
        author: 'customer',
        source: input.source,
        body: input.message,
        ...(input.source === 'contact'
          ? { contactName: input.name, contactEmail: input.email.toLowerCase(), topic: input.topic }
          : {}),
      })
      .returning();
    if (!sent) throw new Error('Inserting the support message returned no row');

    let reply: SupportMessageRow | undefined;
    if (acknowledge) {
      [reply] = await tx
        .insert(supportMessages)
        .values({
          threadId: thread.id,
          author: 'support',
          source: input.source,
          // now() is the transaction's start, the message's own time too: without this the two
          // tie and the thread may show the answer above the message it answers.
          createdAt: new Date(sent.createdAt.getTime() + 1),
          body: supportAcknowledgement(
            input.source,
            input.source === 'contact' ? input.name : undefined,
          ),
        })
        .returning();
      await sendNotification(tx, {
        channel: 'email',
        to: SUPPORT_EMAIL,
        ...inboxNotice(input, caller),
      });
    }
    return { sent: toSupportMessage(sent), reply: reply ? toSupportMessage(reply) : null };
  });
}
