import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, throwIfNotOk } from './api-client';
import { connection, fetchReporting, isNoAnswer } from './connection';
import { currentToken } from './token-source';

/**
 * Server-sent events over `fetch`: EventSource cannot send the bearer
 * header, so every live page reads its stream with this one client, in a shared singleton beside
 * the request client. `createEventParser` parses `text/event-stream` chunk by chunk;
 * `readEventStream` reads one connection; `followEventStream` keeps a stream open, reconnecting
 * with backoff after the last event seen (`Last-Event-ID`) and giving up on answers retrying
 * cannot change; `useEventStream` does that for a component, with the connection state for its
 * fallback (pages poll while it is not `live`). Without a connection a stream is closed and waits;
 * it reconnects the moment the connection is back, after the last event it saw.
 */

/** One server-sent event as read from the stream. */
export interface ServerEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Incremental parser of the `text/event-stream` format (WHATWG HTML, "server-sent events"): feed it
 * chunks as they arrive; it returns the events completed so far. Handles CRLF, comments, multi-line
 * data and fields without a space after the colon; the last id carries over to later events, as
 * EventSource does.
 */
export function createEventParser() {
  let buffer = '';
  let id: string | undefined;
  let event = 'message';
  let data: string[] = [];

  function dispatchLine(line: string, out: ServerEvent[]) {
    if (line === '') {
      if (data.length > 0) out.push({ id, event, data: data.join('\n') });
      event = 'message';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value || 'message';
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return {
    push(chunk: string): ServerEvent[] {
      buffer += chunk;
      const out: ServerEvent[] = [];
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A lone trailing \r may be the first half of \r\n: wait for the next chunk.
        if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) break;
        dispatchLine(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
  };
}

export interface ReadEventStreamOptions {
  /** Resume after this event (`Last-Event-ID`). */
  lastEventId?: string;
  signal: AbortSignal;
  onOpen?: () => void;
  onEvent: (event: ServerEvent) => void;
}

/**
 * Reads one connection to an SSE endpoint, with the stored session's bearer header, until the
 * server ends it or `signal` aborts. Rejects with ApiError on a non-OK answer.
 */
export async function readEventStream(url: string, options: ReadEventStreamOptions): Promise<void> {
  const token = currentToken();
  const response = await fetchReporting(url, {
    headers: {
      Accept: 'text/event-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(options.lastEventId ? { 'Last-Event-ID': options.lastEventId } : {}),
    },
    credentials: 'include',
    cache: 'no-store',
    signal: options.signal,
  });
  await throwIfNotOk(response);
  if (!response.body) throw new Error('The event stream has no body');
  options.onOpen?.();
  const parser = createEventParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const event of parser.push(value)) options.onEvent(event);
    }
  } catch (error) {
    // The connection dropped mid-stream: no answer is coming any more.
    if (isNoAnswer(error)) connection.reportNoAnswer();
    throw error;
  } finally {
    reader.releaseLock();
  }
}

/**
 * - `connecting`: the first connection is being made;
 * - `live`: connected;
 * - `reconnecting`: dropped (network, server restart); waiting to connect again;
 * - `offline`: no connection; closed, and reconnecting as soon as there is one;
 * - `stopped`: given up (the resource is gone, the session ended, or the caller said not to
 *   reconnect); pages keep polling;
 * - `idle`: not following anything (`useEventStream` without a URL).
 */
export type EventStreamState =
  | 'idle'
  | 'connecting'
  | 'live'
  | 'reconnecting'
  | 'offline'
  | 'stopped';

/** Whether there is a connection, and word when that changes (TanStack Query's onlineManager). */
export interface ConnectionWatch {
  isOnline: () => boolean;
  subscribe: (listener: (online: boolean) => void) => () => void;
}

const onlineWatch: ConnectionWatch = {
  isOnline: () => onlineManager.isOnline(),
  subscribe: (listener) => onlineManager.subscribe(listener),
};

/** Resolves once `watch` says online again, or when `signal` aborts. */
function untilOnline(watch: ConnectionWatch, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (watch.isOnline() || signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      stop();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const stop = watch.subscribe((online) => {
      if (online) done();
    });
    signal.addEventListener('abort', done, { once: true });
  });
}

export const RECONNECT_BASE_DELAY_MS = 1_000;
export const RECONNECT_MAX_DELAY_MS = 30_000;

/** The wait before reconnect attempt `failures` (1, 2, ...): 1 s, 2 s, 4 s, ... up to 30 s. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(RECONNECT_BASE_DELAY_MS * 2 ** (failures - 1), RECONNECT_MAX_DELAY_MS);
}

/**
 * A 4xx other than "too many requests" or "timeout" says the stream is not ours to read (gone,
 * signed out, forbidden): asking again cannot help.
 */
function isFinal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export interface FollowEventStreamOptions {
  signal: AbortSignal;
  /** Resume the first connection after this event; later ones resume after the last event seen. */
  lastEventId?: string;
  onEvent: (event: ServerEvent) => void;
  onStateChange?: (state: Exclude<EventStreamState, 'idle'>) => void;
  /** Asked after every drop: false stops (say, once the tracked thing has finished). */
  shouldReconnect?: () => boolean;
  /** The page's connection; tests pass their own. */
  connection?: ConnectionWatch;
}

/**
 * Keeps reading `url` until `signal` aborts: reconnects after a drop with exponential backoff
 * (reset once connected), resuming after the last event seen; stops for good on an answer that
 * retrying cannot change, or when `shouldReconnect` says so. Resolves when it stops.
 */
export async function followEventStream(
  url: string,
  options: FollowEventStreamOptions,
): Promise<void> {
  const { signal } = options;
  const watch = options.connection ?? onlineWatch;
  let lastEventId = options.lastEventId;
  let failures = 0;
  options.onStateChange?.('connecting');
  while (!signal.aborted) {
    if (!watch.isOnline()) {
      options.onStateChange?.('offline');
      await untilOnline(watch, signal);
      // Back online: at once, not after the backoff of the attempts that failed meanwhile.
      failures = 0;
      if (!signal.aborted) options.onStateChange?.('reconnecting');
      continue;
    }
    // Each connection also ends when the connection is lost, so it resumes cleanly afterwards.
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    signal.addEventListener('abort', abortAttempt, { once: true });
    const stopWatching = watch.subscribe((online) => {
      if (!online) attempt.abort();
    });
    try {
      await readEventStream(url, {
        lastEventId,
        signal: attempt.signal,
        onOpen: () => {
          failures = 0;
          options.onStateChange?.('live');
        },
        onEvent: (event) => {
          if (event.id) lastEventId = event.id;
          options.onEvent(event);
        },
      });
    } catch (error) {
      if (signal.aborted) return;
      if (!watch.isOnline()) continue;
      if (isFinal(error)) {
        options.onStateChange?.('stopped');
        return;
      }
    } finally {
      signal.removeEventListener('abort', abortAttempt);
      stopWatching();
    }
    if (signal.aborted) return;
    if (!watch.isOnline()) continue;
    if (options.shouldReconnect && !options.shouldReconnect()) {
      options.onStateChange?.('stopped');
      return;
    }
    options.onStateChange?.('reconnecting');
    failures += 1;
    await wait(reconnectDelayMs(failures), signal);
  }
}

export interface UseEventStreamOptions {
  onEvent: (event: ServerEvent) => void;
  /** Where the first connection resumes (say, the `lastEventId` of the snapshot on screen). */
  lastEventId?: string;
  shouldReconnect?: () => boolean;
}

/**
 * Follows `url` while it is set (undefined: nothing to follow) and answers the connection state.
 * The callbacks may change on every render; only a new URL opens a new stream. Coming back to the
 * same URL resumes after the last event this component saw.
 */
export function useEventStream(
  url: string | undefined,
  options: UseEventStreamOptions,
): EventStreamState {
  const [state, setState] = useState<EventStreamState>(url ? 'connecting' : 'idle');
  const latest = useRef(options);
  latest.current = options;
  const lastSeen = useRef<{ url: string; id: string } | undefined>(undefined);

  useEffect(() => {
    if (!url) {
      setState('idle');
      return;
    }
    const controller = new AbortController();
    const resume = lastSeen.current?.url === url ? lastSeen.current.id : latest.current.lastEventId;
    void followEventStream(url, {
      signal: controller.signal,
      lastEventId: resume,
      onEvent: (event) => {
        if (event.id) lastSeen.current = { url, id: event.id };
        latest.current.onEvent(event);
      },
      onStateChange: (next) => {
        if (!controller.signal.aborted) setState(next);
      },
      shouldReconnect: () => latest.current.shouldReconnect?.() ?? true,
    });
    return () => controller.abort();
  }, [url]);

  return url ? state : 'idle';
}
