import type { ServerResponse } from 'node:http';
import { and, asc, eq, gt, inArray, max } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ENDED_MESSAGE } from '../auth/guards.ts';
import type { Database } from '../db/database.ts';
import { HttpError, UnauthorizedError } from '../http/errors.ts';
import { EVENTS_CHANNEL, type EventNotice } from './publish.ts';
import { type EventRow, events } from './schema.ts';
import {
  addressKey,
  STREAM_LIMIT_MESSAGES,
  STREAM_LIMIT_RETRY_AFTER_SECONDS,
  type StreamLimits,
} from './stream-limits.ts';

export const DEFAULT_HEARTBEAT_MS = 15_000;
// Replay in pages so a client that was away for long does not pull a whole topic in one query.
const PAGE_SIZE = 200;
// The heartbeat's batched look-ups (topics, sessions) and writes go in chunks of this many.
const CHUNK = 500;
/**
 * A client that stops reading while events keep coming would make the server buffer them without
 * bound; past this much unsent data its stream is ended (it resumes with `Last-Event-ID`).
 */
const MAX_BUFFERED_BYTES = 256 * 1024;

export interface StreamOptions {
  topic: string;
  /**
   * Without a `Last-Event-ID`, replay the topic from its first event (a tracking timeline wants
   * its whole history) instead of starting with the next new event.
   */
  fromStart?: boolean;
}

export interface EventStreams {
  /**
   * Answers the request with a `text/event-stream` of the topic: stored events after the
   * request's `Last-Event-ID` first, then new ones as they are published by any process.
   * Authorise before calling; the route handler must `return` the result (the hijacked reply).
   *
   * On a route behind `requireUser` the stream belongs to the request's session: it ends when that
   * session is revoked (at once through the revocation broadcast, at the latest on the next
   * heartbeat) or expires. Streams are capped per user, per client address and per process:
   * beyond a cap the answer is 429 `{ message }` with `Retry-After`.
   */
  stream(
    request: FastifyRequest,
    reply: FastifyReply,
    options: StreamOptions,
  ): Promise<FastifyReply>;
  /** Number of open streams, for tests and metrics. */
  readonly openStreams: number;
  /** Ends every open stream of these sessions, or of the user but one session (revocations). */
  endSessions(
    revoked:
      | { userId: string; sessionIds: string[] }
      | { userId: string; exceptSessionId?: string },
  ): void;
  /** Ends every open stream; called before the server closes so shutdown is not held open. */
  closeAll(): Promise<void>;
}

/** Which sessions of these are still live (not revoked, not expired) at `now`. */
export type LiveSessionCheck = (sessionIds: string[], now: Date) => Promise<Set<string>>;

interface Stream {
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
interface Hub {
  topic: string;
  streams: Set<Stream>;
  /** Id of the last event the hub read. */
  cursor: number;
  ready: Promise<void>;
  pending: boolean;
  pumping: boolean;
}

/** Parses `Last-Event-ID`: a non-negative integer, anything else means "no id". */
export function parseLastEventId(value: string | string[] | undefined): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

export function formatEvent(row: Pick<EventRow, 'id' | 'type' | 'payload'>): string {
  // JSON.stringify never emits a raw newline, so the payload is one `data:` line.
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(row.payload)}\n\n`;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function addTo<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(stream);
}

function removeFrom<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream) {
  const set = map.get(key);
  set?.delete(stream);
  if (set?.size === 0) map.delete(key);
}

export function createEventStreams(options: {
  database: Database;
  logger: FastifyBaseLogger;
  limits: StreamLimits;
  /** The heartbeat's safety net for revocations a lost NOTIFY did not announce. */
  liveSessions?: LiveSessionCheck;
  heartbeatMs?: number;
}): EventStreams {
  const { database, logger, limits, liveSessions } = options;
  const { db } = database;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const hubs = new Map<string, Hub>();
  const byAddress = new Map<string, Set<Stream>>();
  const byUser = new Map<string, Set<Stream>>();
  const bySession = new Map<string, Set<Stream>>();
  // Counted from the moment a request asks, so a burst of requests cannot all pass a cap at once.
  let reserved = 0;
  let open = 0;
  let listening: Promise<unknown> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let checking = false;

  // One LISTEN per process, fanned out by topic: NOTIFY only says "topic T has event N".
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

  function write(stream: Stream, chunk: string) {
    if (stream.closed) return;
    stream.res.write(chunk);
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) {
      logger.warn({ topic: stream.hub.topic }, 'event stream client is not reading; closing it');
      stream.end();
    }
  }

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
          rows = await db
            .select()
            .from(events)
            .where(and(eq(events.topic, hub.topic), gt(events.id, hub.cursor)))
            .orderBy(asc(events.id))
            .limit(PAGE_SIZE);
          for (const row of rows) {
            const frame = formatEvent(row);
            for (const stream of hub.streams) {
              if (!stream.live || row.id <= stream.cursor) continue;
              stream.cursor = row.id;
              write(stream, frame);
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
        const rows = await db
          .select()
          .from(events)
          .where(and(eq(events.topic, stream.hub.topic), gt(events.id, stream.cursor)))
          .orderBy(asc(events.id))
          .limit(PAGE_SIZE);
        if (stream.closed) return;
        for (const row of rows) {
          stream.cursor = row.id;
          write(stream, formatEvent(row));
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

  function refuse(reply: FastifyReply, message: string): never {
    reply.header('retry-after', String(STREAM_LIMIT_RETRY_AFTER_SECONDS));
    throw new HttpError(429, message);
  }

  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    { topic, fromStart = false }: StreamOptions,
  ): Promise<FastifyReply> {
    const address = addressKey(request.ip);
    // Set by requireUser on signed-in routes; null on public ones (the demo dashboard).
    const user = request.user as { id: string } | null;
    const session = request.session as { id: string; expiresAt: Date } | null;
    const userId = user?.id;
    const sessionId = session ? session.id : undefined;

    if (reserved >= limits.total) refuse(reply, STREAM_LIMIT_MESSAGES.total);
    if ((byAddress.get(address)?.size ?? 0) >= limits.perAddress) {
      refuse(reply, STREAM_LIMIT_MESSAGES.perAddress);
    }
    if (userId && (byUser.get(userId)?.size ?? 0) >= limits.perUser) {
      refuse(reply, STREAM_LIMIT_MESSAGES.perUser);
    }

    const lastEventId = parseLastEventId(request.headers['last-event-id']);
    const res: ServerResponse = reply.raw;
    const hub = hubFor(topic);
    const current: Stream = {
      res,
      hub,
      cursor: lastEventId ?? 0,
      live: false,
      started: false,
      closed: false,
      endedBy: undefined,
      address,
      userId,
      sessionId,
      end: (reason = 'server') => {
        if (current.closed) return;
        if (current.started) {
          if (!res.writableEnded) res.end();
        } else {
          current.endedBy = reason;
        }
        cleanup();
      },
    };
    reserved += 1;
    hub.streams.add(current);
    addTo(byAddress, address, current);
    if (userId) addTo(byUser, userId, current);
    if (sessionId) addTo(bySession, sessionId, current);

    function cleanup() {
      if (current.closed) return;
      current.closed = true;
      reserved -= 1;
      if (current.started) open -= 1;
      hub.streams.delete(current);
      if (hub.streams.size === 0 && hubs.get(topic) === hub) hubs.delete(topic);
      removeFrom(byAddress, address, current);
      if (userId) removeFrom(byUser, userId, current);
      if (sessionId) removeFrom(bySession, sessionId, current);
      if (reserved === 0 && heartbeat) {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
    }

    try {
      // Subscribe before reading the starting point, so an event published in between is not lost.
      await ensureListening();
      await hub.ready;
    } catch (error) {
      cleanup();
      throw error;
    }
    // Ended while this request was being set up: its session was revoked, or the server closes.
    if (current.endedBy === 'session') throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
    if (current.closed) throw new HttpError(503, STREAM_LIMIT_MESSAGES.closing);

    if (lastEventId === undefined && !fromStart) {
      current.cursor = hub.cursor;
      current.live = true;
    }

    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      // nginx and similar proxies buffer responses by default, which would hold events back.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    current.started = true;
    open += 1;
    request.raw.socket.setNoDelay(true);
    // Tells EventSource-style clients how long to wait before reconnecting; the comment line makes
    // proxies and fetch() see the response start at once.
    res.write('retry: 3000\n: connected\n\n');
    res.on('close', cleanup);
    startHeartbeat();

    if (!current.live) void catchUp(current);
    return reply;
  }

  function startHeartbeat() {
    if (heartbeat) return;
    // One timer for every stream of the process, not one per stream.
    heartbeat = setInterval(() => void beat(), heartbeatMs);
    heartbeat.unref();
  }

  async function beat(): Promise<void> {
    if (checking) return;
    checking = true;
    try {
      // Thousands of writes at once would hold up every other request; a slice at a time lets
      // them in between.
      const all = [...hubs.values()].flatMap((hub) => [...hub.streams]);
      for (const slice of chunks(all)) {
        for (const stream of slice) if (stream.started) write(stream, ': heartbeat\n\n');
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all([recheckTopics(), recheckSessions()]);
    } catch (error) {
      logger.warn({ err: error }, 'event stream heartbeat check failed');
    } finally {
      checking = false;
    }
  }

  // Safety net for a NOTIFY lost while the LISTEN connection was being re-established: one query
  // for every topic of the process, waking only the hubs that are behind.
  async function recheckTopics() {
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

  // Safety net for a revocation broadcast that did not arrive, and for sessions that simply
  // expired: one query for every signed-in stream of the process.
  async function recheckSessions() {
    if (!liveSessions || bySession.size === 0) return;
    const now = new Date();
    for (const ids of chunks([...bySession.keys()])) {
      const live = await liveSessions(ids, now);
      for (const id of ids) {
        if (live.has(id)) continue;
        for (const stream of [...(bySession.get(id) ?? [])]) stream.end('session');
      }
    }
  }

  return {
    stream,
    get openStreams() {
      return open;
    },
    endSessions(revoked) {
      const ended =
        'sessionIds' in revoked
          ? revoked.sessionIds.flatMap((id) => [...(bySession.get(id) ?? [])])
          : [...(byUser.get(revoked.userId) ?? [])].filter(
              (stream) => stream.sessionId !== revoked.exceptSessionId,
            );
      for (const stream of ended) if (stream.userId === revoked.userId) stream.end('session');
    },
    async closeAll() {
      for (const hub of [...hubs.values()]) {
        for (const stream of [...hub.streams]) stream.end();
      }
    },
  };
}
