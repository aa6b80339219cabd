import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { events } from './schema.ts';

/** The one NOTIFY channel of live updates; payload `{"id":..,"topic":..}` (see EventNotice). */
export const EVENTS_CHANNEL = 'app_events';

/** What travels over NOTIFY: only a pointer, because NOTIFY payloads are capped at 8000 bytes. */
export interface EventNotice {
  id: number;
  topic: string;
}

export interface PublishedEvent {
  id: number;
  topic: string;
  type: string;
  payload: unknown;
  createdAt: Date;
}

const MAX_TOPIC_LENGTH = 200;
const EVENT_TYPE = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Stores a live update and wakes every subscriber of its topic, in this process or any other one
 * on the same database.
 *
 * Pass the caller's transaction to publish atomically with the change it describes: the event and
 * its NOTIFY then only exist if that transaction commits (PostgreSQL delivers NOTIFY on commit).
 *
 * Topics are strings such as `curbside:<pickup id>`; `type` becomes the SSE `event:` name and
 * `payload` (an object or array, serialised as JSON) its `data:`.
 */
export async function publishEvent(
  db: Db,
  topic: string,
  payload: object,
  options: { type?: string } = {},
): Promise<PublishedEvent> {
  const type = options.type ?? 'message';
  if (topic.length === 0 || topic.length > MAX_TOPIC_LENGTH) {
    throw new Error(`Event topic must be 1 to ${MAX_TOPIC_LENGTH} characters`);
  }
  if (!EVENT_TYPE.test(type)) throw new Error(`Invalid event type: ${JSON.stringify(type)}`);

  // Inside a transaction this is a savepoint, so the lock below lives until the caller commits.
  return db.transaction(async (tx) => {
    // Readers resume with "id > Last-Event-ID". Ids come from a sequence, so two concurrent
    // transactions could commit ids 6 then 5 and a reader at 6 would never see 5. Serialising
    // publishers per topic until commit keeps ids in commit order within a topic.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${topic}, 0))`);
    const [row] = await tx.insert(events).values({ topic, type, payload }).returning();
    if (!row) throw new Error('Inserting the event returned no row');
    const notice: EventNotice = { id: row.id, topic };
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
    return row;
  });
}
