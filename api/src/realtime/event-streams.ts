import type { ServerResponse } from 'node:http';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { EVENTS_CHANNEL, type EventNotice } from './publish.ts';
import { type EventRow, events } from './schema.ts';

export const DEFAULT_HEARTBEAT_MS = 15_000;
// Replay in pages so a client that was away for long does not pull a whole topic in one query.
const PAGE_SIZE = 200;

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
   */
  stream(
    request: FastifyRequest,
    reply: FastifyReply,
    options: StreamOptions,
  ): Promise<FastifyReply>;
  /** Number of open streams, for tests and metrics. */
  readonly openStreams: number;
  /** Ends every open stream; called before the server closes so shutdown is not held open. */
  closeAll(): Promise<void>;
}

interface Subscriber {
  topic: string;
  wake(): void;
  end(): void;
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

export function createEventStreams(options: {
  database: Database;
  logger: FastifyBaseLogger;
  heartbeatMs?: number;
}): EventStreams {
  const { database, logger } = options;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const subscribers = new Map<string, Set<Subscriber>>();
  let listening: Promise<unknown> | undefined;
  let open = 0;

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
        for (const subscriber of subscribers.get(notice.topic) ?? []) subscriber.wake();
      })
      .catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
    return listening;
  }

  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    { topic, fromStart = false }: StreamOptions,
  ): Promise<FastifyReply> {
    const lastEventId = parseLastEventId(request.headers['last-event-id']);
    const { db } = database;

    // Subscribe before reading the starting point, so an event published in between is not lost.
    await ensureListening();
    const res: ServerResponse = reply.raw;
    let cursor = lastEventId ?? 0;
    let closed = false;
    // Notifications can arrive while the starting point is still being read; they only mark work
    // as pending until the response has started, then one pass picks everything up.
    let started = false;
    let pumping = false;
    let pending = false;
    let heartbeat: NodeJS.Timeout | undefined;

    const subscriber: Subscriber = {
      topic,
      wake: () => {
        pending = true;
        if (started) void pump();
      },
      end: () => {
        if (!res.writableEnded) res.end();
        cleanup();
      },
    };
    let set = subscribers.get(topic);
    if (!set) {
      set = new Set();
      subscribers.set(topic, set);
    }
    set.add(subscriber);
    open += 1;

    function cleanup() {
      if (closed) return;
      closed = true;
      open -= 1;
      if (heartbeat) clearInterval(heartbeat);
      const topicSubscribers = subscribers.get(topic);
      topicSubscribers?.delete(subscriber);
      if (topicSubscribers?.size === 0) subscribers.delete(topic);
    }

    // Reads and writes everything after the cursor; one pass at a time, re-running when woken
    // during a pass, so events go out once and in id order.
    async function pump(): Promise<void> {
      if (pumping) return;
      pumping = true;
      try {
        while (pending && !closed) {
          pending = false;
          let rows: EventRow[];
          do {
            rows = await db
              .select()
              .from(events)
              .where(and(eq(events.topic, topic), gt(events.id, cursor)))
              .orderBy(asc(events.id))
              .limit(PAGE_SIZE);
            if (closed) return;
            for (const row of rows) {
              res.write(formatEvent(row));
              cursor = row.id;
            }
          } while (rows.length === PAGE_SIZE);
        }
      } catch (error) {
        // The client reconnects with its Last-Event-ID and resumes where this stream stopped.
        logger.error({ err: error, topic }, 'event stream failed; closing it');
        subscriber.end();
      } finally {
        pumping = false;
      }
    }

    try {
      if (lastEventId === undefined && !fromStart) {
        const [latest] = await db
          .select({ id: max(events.id) })
          .from(events)
          .where(eq(events.topic, topic));
        cursor = latest?.id ?? 0;
      }
    } catch (error) {
      cleanup();
      throw error;
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
    request.raw.socket.setNoDelay(true);
    // Tells EventSource-style clients how long to wait before reconnecting; the comment line makes
    // proxies and fetch() see the response start at once.
    res.write('retry: 3000\n: connected\n\n');

    request.raw.on('close', cleanup);
    res.on('close', cleanup);
    heartbeat = setInterval(() => {
      if (closed) return;
      res.write(': heartbeat\n\n');
      // Also a safety net: a NOTIFY lost while the LISTEN connection was being re-established
      // is picked up here at the latest.
      subscriber.wake();
    }, heartbeatMs);
    heartbeat.unref();

    started = true;
    subscriber.wake();
    return reply;
  }

  return {
    stream,
    get openStreams() {
      return open;
    },
    async closeAll() {
      for (const set of [...subscribers.values()]) {
        for (const subscriber of [...set]) subscriber.end();
      }
    },
  };
}
