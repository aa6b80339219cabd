import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ENDED_MESSAGE } from '../auth/guards.ts';
import type { StreamLimits } from '../config.ts';
import type { Database } from '../db/database.ts';
import { HttpError, UnauthorizedError } from '../http/errors.ts';
import { addressKey, STREAM_LIMIT_MESSAGES } from './stream-limits.ts';
import { StreamRegistry } from './stream-registry.ts';
import { chunks, createTopicHubs, type Stream, writeTo } from './topic-hubs.ts';

export { formatEvent } from './topic-hubs.ts';

export const DEFAULT_HEARTBEAT_MS = 15_000;

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

/** Parses `Last-Event-ID`: a non-negative integer, anything else means "no id". */
export function parseLastEventId(value: string | string[] | undefined): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/**
 * Server-sent event streams of stored events: the topics' hubs (topic-hubs.ts), the
 * caps and look-ups by address, user and session (stream-registry.ts), and here the request
 * itself and the one heartbeat of the process.
 */
export function createEventStreams(options: {
  database: Database;
  logger: FastifyBaseLogger;
  limits: StreamLimits;
  /** The heartbeat's safety net for revocations a lost NOTIFY did not announce. */
  liveSessions?: LiveSessionCheck;
  heartbeatMs?: number;
}): EventStreams {
  const { database, logger, limits, liveSessions } = options;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const hubs = createTopicHubs(database, logger);
  const registry = new StreamRegistry(limits);
  let open = 0;
  let heartbeat: NodeJS.Timeout | undefined;
  let checking = false;

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
    registry.assertRoom(address, userId, (seconds) => reply.header('retry-after', seconds));

    const lastEventId = parseLastEventId(request.headers['last-event-id']);
    const res: ServerResponse = reply.raw;
    const hub = hubs.hubFor(topic);
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
    hub.streams.add(current);
    registry.add(current);

    function cleanup() {
      if (current.closed) return;
      current.closed = true;
      if (current.started) open -= 1;
      hub.streams.delete(current);
      hubs.release(hub);
      if (registry.remove(current) && heartbeat) {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
    }

    try {
      // Subscribe before reading the starting point, so an event published in between is not lost.
      await hubs.ensureListening();
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

    if (!current.live) void hubs.catchUp(current);
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
      for (const slice of chunks(hubs.streams())) {
        for (const stream of slice) if (stream.started) writeTo(stream, ': heartbeat\n\n', logger);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all([hubs.recheck(), recheckSessions()]);
    } catch (error) {
      logger.warn({ err: error }, 'event stream heartbeat check failed');
    } finally {
      checking = false;
    }
  }

  // Safety net for a revocation broadcast that did not arrive, and for sessions that simply
  // expired: one query for every signed-in stream of the process.
  async function recheckSessions() {
    const sessionIds = registry.sessionIds();
    if (!liveSessions || sessionIds.length === 0) return;
    const now = new Date();
    for (const ids of chunks(sessionIds)) {
      const live = await liveSessions(ids, now);
      for (const id of ids) {
        if (live.has(id)) continue;
        for (const stream of registry.ofSession(id)) stream.end('session');
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
          ? revoked.sessionIds.flatMap((id) => registry.ofSession(id))
          : registry
              .ofUser(revoked.userId)
              .filter((stream) => stream.sessionId !== revoked.exceptSessionId);
      for (const stream of ended) if (stream.userId === revoked.userId) stream.end('session');
    },
    async closeAll() {
      for (const stream of hubs.streams()) stream.end();
    },
  };
}
