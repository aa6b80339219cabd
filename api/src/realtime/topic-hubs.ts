import type { ServerResponse } from 'node:http';
import { and, asc, eq, gt, inArray, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { EVENTS_CHANNEL, type EventNotice } from './publish.ts';
import { type EventRow, events } from './schema.ts';

// Replay in pages so a client that was away for long does not pull a whole topic in one query.
const PAGE_SIZE = 200;
/** The heartbeat's batched look-ups (topics, sessions) and writes go in chunks of this many. */
const CHUNK = 500;
/**
 * A client that stops reading while events keep coming would make the server buffer them without
 * bound; past this much unsent data its stream is ended (it resumes with `Last-Event-ID`).
 */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** One open `text/event-stream` response (event-streams.ts opens and closes it). */
export interface Stream {
  res: ServerResponse;
  hub: Hub;
  /** Id of the last event written (or skipped as already known) to this stream. */
  cursor: number;
  /** Fed by the hub's fan-out; false while replaying on its own. */
  live: boolean;
  /** The 200 and its headers went out (from then on, ending means ending the response). */
  started: boolean;
  closed: boolean;
  /** Why it ended before it started: its session was revoked meanwhile, or the server closes. */
  endedBy: 'session' | 'server' | undefined;
  address: string;
  userId: string | undefined;
  sessionId: string | undefined;
  end(reason?: 'session' | 'server'): void;
}

/**
 * One per topic with open streams in this process: it reads each new event once and writes it to
 * every stream of the topic, so 10,000 visitors of one public page cost one query per event, not
 * 10,000.
 */
export interface Hub {
  topic: string;
  streams: Set<Stream>;
  /** Id of the last event the hub read. */
  cursor: number;
  ready: Promise<void>;
  pending: boolean;
  pumping: boolean;
}

export function formatEvent(row: Pick<EventRow, 'id' | 'type' | 'payload'>): string {
  // JSON.stringify never emits a raw newline, so the payload is one `data:` line.
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(row.payload)}\n\n`;
}

export function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Writes to a stream, ending it when its client has stopped reading. */
export function writeTo(stream: Stream, chunk: string, logger: FastifyBaseLogger): void {
  if (stream.closed) return;
  stream.res.write(chunk);
  if (stream.res.writableLength > MAX_BUFFERED_BYTES) {
    logger.warn({ topic: stream.hub.topic }, 'event stream client is not reading; closing it');
    stream.end();
  }
}

export interface TopicHubs {
  /** The topic's hub, created (reading where the topic stands) on first use. */
  hubFor(topic: string): Hub;
  /** Forgets the hub once its last stream has left. */
  release(hub: Hub): void;
  /** The process's one LISTEN on the events channel, started on first use. */
  ensureListening(): Promise<unknown>;
  /** Replays what a resuming stream missed, then hands it to its hub's fan-out. */
  catchUp(stream: Stream): Promise<void>;
  /** Wakes every hub that is behind the stored events (a NOTIFY may have been lost). */
  recheck(): Promise<void>;
  /** Every stream of every hub. */
  streams(): Stream[];
}

/**
 * The hubs of one process: a LISTEN fanned out by topic (NOTIFY only says "topic T has event N"),
 * each hub reading its topic's new events once, in id order, for all its streams.
 */
export function createTopicHubs(database: Database, logger: FastifyBaseLogger): TopicHubs {
  const { db } = database;
  const hubs = new Map<string, Hub>();
  let listening: Promise<unknown> | undefined;

  function ensureListening(): Promise<unknown> {
    listening ??= database
      .listen(EVENTS_CHANNEL, (payload) => {
        let notice: EventNotice;
        try {
          notice = JSON.parse(payload) as EventNotice;
        } catch {
          logger.warn({ payload }, 'ignoring malformed event notice');
          return;
        }
        const hub = hubs.get(notice.topic);
        if (hub) wake(hub);
      })
      .catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
    return listening;
  }

  function hubFor(topic: string): Hub {
    const existing = hubs.get(topic);
    if (existing) return existing;
    const hub: Hub = {
      topic,
      streams: new Set(),
      cursor: 0,
      ready: Promise.resolve(),
      pending: false,
      pumping: false,
    };
    hub.ready = (async () => {
      const [latest] = await db
        .select({ id: max(events.id) })
        .from(events)
        .where(eq(events.topic, topic));
      hub.cursor = latest?.id ?? 0;
    })();
    hub.ready.catch(() => {
      if (hubs.get(topic) === hub) hubs.delete(topic);
    });
    hubs.set(topic, hub);
    return hub;
  }

  function wake(hub: Hub) {
    hub.pending = true;
    void pump(hub);
  }

  const nextPage = (topic: string, after: number) =>
    db
      .select()
      .from(events)
      .where(and(eq(events.topic, topic), gt(events.id, after)))
      .orderBy(asc(events.id))
      .limit(PAGE_SIZE);

  // Reads everything after the hub's cursor and fans it out; one pass at a time, re-running when
  // woken during a pass, so events go out once and in id order.
  async function pump(hub: Hub): Promise<void> {
    if (hub.pumping) return;
    hub.pumping = true;
    try {
      await hub.ready;
      while (hub.pending && hubs.get(hub.topic) === hub) {
        hub.pending = false;
        let rows: EventRow[];
        do {
          rows = await nextPage(hub.topic, hub.cursor);
          for (const row of rows) {
            const frame = formatEvent(row);
            for (const stream of hub.streams) {
              if (!stream.live || row.id <= stream.cursor) continue;
              stream.cursor = row.id;
              writeTo(stream, frame, logger);
            }
            hub.cursor = row.id;
          }
        } while (rows.length === PAGE_SIZE);
      }
    } catch (error) {
      // The clients reconnect with their Last-Event-ID and resume where the streams stopped.
      logger.error({ err: error, topic: hub.topic }, 'event stream failed; closing its streams');
      for (const stream of [...hub.streams]) stream.end();
    } finally {
      hub.pumping = false;
    }
  }

  // A stream resuming after an older event replays on its own until it reaches the hub, then
  // joins the fan-out. The check and the switch happen in one turn, so nothing falls in between.
  async function catchUp(stream: Stream): Promise<void> {
    try {
      for (;;) {
        if (stream.closed) return;
        if (stream.cursor >= stream.hub.cursor) {
          stream.live = true;
          return;
        }
        const rows = await nextPage(stream.hub.topic, stream.cursor);
        if (stream.closed) return;
        for (const row of rows) {
          stream.cursor = row.id;
          writeTo(stream, formatEvent(row), logger);
        }
        if (rows.length === 0) {
          stream.live = true;
          return;
        }
      }
    } catch (error) {
      logger.error({ err: error, topic: stream.hub.topic }, 'event stream failed; closing it');
      stream.end();
    }
  }

  // Safety net for a NOTIFY lost while the LISTEN connection was being re-established: one query
  // for every topic of the process, waking only the hubs that are behind.
  async function recheck() {
    for (const topics of chunks([...hubs.keys()])) {
      const latest = await db
        .select({ topic: events.topic, id: max(events.id) })
        .from(events)
        .where(inArray(events.topic, topics))
        .groupBy(events.topic);
      for (const row of latest) {
        const hub = hubs.get(row.topic);
        if (hub && row.id !== null && row.id > hub.cursor) wake(hub);
      }
    }
  }

  // What was published while the LISTEN connection was down never arrives as a NOTIFY.
  database.onListenRestored(() => {
    recheck().catch((error: unknown) => {
      logger.warn({ err: error }, 'event streams could not catch up after the database returned');
    });
  });

  return {
    hubFor,
    release(hub) {
      if (hub.streams.size === 0 && hubs.get(hub.topic) === hub) hubs.delete(hub.topic);
    },
    ensureListening,
    catchUp,
    recheck,
    streams: () => [...hubs.values()].flatMap((hub) => [...hub.streams]),
  };
}
