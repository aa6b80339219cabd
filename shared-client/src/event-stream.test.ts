import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import {
  createEventParser,
  type EventStreamState,
  followEventStream,
  readEventStream,
  reconnectDelayMs,
  type ServerEvent,
  useEventStream,
} from './event-stream';
import { setTokenSource } from './token-source';

/**
 * A test server for event streams: each `connect()` answers the next fetch with a stream the test
 * writes to and ends; `refuse(status)` answers it with an error.
 */
function streamServer() {
  type Answer = (init: RequestInit | undefined) => Response;
  const queue: Answer[] = [];
  const requests: Array<{ url: string; headers: Headers }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), headers: new Headers(init?.headers) });
    const answer = queue.shift();
    if (answer) return answer(init);
    // Nothing queued: the server is slow to answer, until the caller gives up.
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('aborted', 'AbortError')),
      );
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    connect() {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      queue.push((init) => {
        init?.signal?.addEventListener('abort', () => {
          try {
            controller.error(new DOMException('aborted', 'AbortError'));
          } catch {
            // Already closed.
          }
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      });
      const encoder = new TextEncoder();
      return {
        write: (text: string) => controller.enqueue(encoder.encode(text)),
        end: () => {
          try {
            controller.close();
          } catch {
            // Already ended by the client's abort.
          }
        },
      };
    },
    refuse(status: number) {
      queue.push(() => new Response(JSON.stringify({ message: 'No' }), { status }));
    },
  };
}

// Node's setImmediate (the tests run in Node; this package's types are the browser's). Fake
// timers leave it alone.
const { setImmediate: nextTurn } = globalThis as unknown as {
  setImmediate: (callback: () => void) => void;
};

/** Lets pending fetches, stream reads and promise chains run. */
async function flush() {
  for (let i = 0; i < 10; i += 1) await new Promise<void>((resolve) => nextTurn(resolve));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setTokenSource(() => null);
});

describe('createEventParser', () => {
  it('parses id, event and data, across chunk boundaries', () => {
    const parser = createEventParser();
    expect(parser.push('id: 4\nevent: pickup\nda')).toEqual([]);
    expect(parser.push('ta: {"a":1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ id: '4', event: 'pickup', data: '{"a":1}' }]);
  });

  it('skips comments (heartbeats) and events without data', () => {
    const parser = createEventParser();
    expect(parser.push(': heartbeat\n\nevent: ping\n\n')).toEqual([]);
  });

  it('joins multi-line data, accepts CRLF and fields without a space', () => {
    const parser = createEventParser();
    expect(parser.push('data:one\r\ndata: two\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ id: undefined, event: 'message', data: 'one\ntwo' }]);
  });

  it('keeps the last id for later events, as EventSource does', () => {
    const parser = createEventParser();
    expect(parser.push('id: 7\ndata: a\n\ndata: b\n\n')).toEqual([
      { id: '7', event: 'message', data: 'a' },
      { id: '7', event: 'message', data: 'b' },
    ]);
  });
});

describe('readEventStream', () => {
  it('sends the session bearer and Last-Event-ID, and hands over events until the end', async () => {
    setTokenSource(() => 'tok-1');
    const server = streamServer();
    const stream = server.connect();
    const events: ServerEvent[] = [];
    const opened = vi.fn();
    const reading = readEventStream('/api/things/1/events', {
      lastEventId: '41',
      signal: new AbortController().signal,
      onOpen: opened,
      onEvent: (event) => events.push(event),
    });
    stream.write('id: 42\nevent: thing\ndata: {"n":1}\n\n');
    stream.end();
    await reading;
    expect(opened).toHaveBeenCalledOnce();
    expect(events).toEqual([{ id: '42', event: 'thing', data: '{"n":1}' }]);
    const [request] = server.requests;
    expect(request?.headers.get('authorization')).toBe('Bearer tok-1');
    expect(request?.headers.get('last-event-id')).toBe('41');
    expect(request?.headers.get('accept')).toBe('text/event-stream');
  });

  it('rejects with ApiError on a refusal', async () => {
    const server = streamServer();
    server.refuse(404);
    const reading = readEventStream('/api/things/2/events', {
      signal: new AbortController().signal,
      onEvent: () => {},
    });
    await expect(reading).rejects.toBeInstanceOf(ApiError);
  });
});

describe('followEventStream', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  it('reconnects after a drop with backoff, resuming after the last event seen', async () => {
    const server = streamServer();
    const first = server.connect();
    const states: string[] = [];
    const controller = new AbortController();
    const following = followEventStream('/api/things/3/events', {
      signal: controller.signal,
      lastEventId: '9',
      onEvent: () => {},
      onStateChange: (state) => states.push(state),
    });
    await flush();
    expect(states).toContain('live');
    first.write('id: 10\ndata: x\n\n');
    first.end();
    await flush();
    expect(states.at(-1)).toBe('reconnecting');
    const second = server.connect();
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(1));
    await flush();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.headers.get('last-event-id')).toBe('9');
    expect(server.requests[1]?.headers.get('last-event-id')).toBe('10');
    await flush();
    expect(states.at(-1)).toBe('live');
    controller.abort();
    second.end();
    await following;
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'live']);
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s while the server is down', async () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(reconnectDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    const server = streamServer();
    server.refuse(503);
    server.refuse(502);
    const controller = new AbortController();
    const following = followEventStream('/api/things/4/events', {
      signal: controller.signal,
      onEvent: () => {},
    });
    await flush();
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(server.requests).toHaveLength(3);
    controller.abort();
    await following;
  });

  it.each([401, 403, 404])('stops for good on %i (gone or signed out)', async (status) => {
    const server = streamServer();
    server.refuse(status);
    const states: string[] = [];
    await followEventStream('/api/things/5/events', {
      signal: new AbortController().signal,
      onEvent: () => {},
      onStateChange: (state) => states.push(state),
    });
    expect(states).toEqual(['connecting', 'stopped']);
    expect(server.requests).toHaveLength(1);
  });

  it('keeps trying after 429 (too many requests)', async () => {
    const server = streamServer();
    server.refuse(429);
    const controller = new AbortController();
    const following = followEventStream('/api/things/6/events', {
      signal: controller.signal,
      onEvent: () => {},
    });
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(1));
    await flush();
    expect(server.requests).toHaveLength(2);
    controller.abort();
    await following;
  });

  /** A connection the test switches off and on, as the page's onlineManager would. */
  function switchableConnection(initial = true) {
    let online = initial;
    const listeners = new Set<(online: boolean) => void>();
    return {
      isOnline: () => online,
      subscribe: (listener: (online: boolean) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      set(next: boolean) {
        online = next;
        for (const listener of [...listeners]) listener(next);
      },
    };
  }

  it('closes when the connection is lost and resumes after the last event the moment it is back', async () => {
    const server = streamServer();
    const first = server.connect();
    const connection = switchableConnection();
    const states: string[] = [];
    const seen: string[] = [];
    const controller = new AbortController();
    const following = followEventStream('/api/things/8/events', {
      signal: controller.signal,
      onEvent: (event) => seen.push(event.data),
      onStateChange: (state) => states.push(state),
      connection,
    });
    await flush();
    first.write('id: 21\ndata: a\n\n');
    await flush();

    connection.set(false);
    await flush();
    expect(states.at(-1)).toBe('offline');
    // However long the signal is gone, nothing is asked meanwhile.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.requests).toHaveLength(1);

    const second = server.connect();
    connection.set(true);
    await flush();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers.get('last-event-id')).toBe('21');
    second.write('id: 22\ndata: b\n\n');
    await flush();
    expect(seen).toEqual(['a', 'b']);
    expect(states).toEqual(['connecting', 'live', 'offline', 'reconnecting', 'live']);
    controller.abort();
    second.end();
    await following;
  });

  it('waits for a connection before its first request when it starts offline', async () => {
    const server = streamServer();
    const connection = switchableConnection(false);
    const states: string[] = [];
    const controller = new AbortController();
    const following = followEventStream('/api/things/9/events', {
      signal: controller.signal,
      onEvent: () => {},
      onStateChange: (state) => states.push(state),
      connection,
    });
    await flush();
    expect(server.requests).toHaveLength(0);
    expect(states).toEqual(['connecting', 'offline']);
    controller.abort();
    await following;
  });

  it('does not reconnect once the caller says so', async () => {
    const server = streamServer();
    const stream = server.connect();
    const states: string[] = [];
    const following = followEventStream('/api/things/7/events', {
      signal: new AbortController().signal,
      onEvent: () => {},
      onStateChange: (state) => states.push(state),
      shouldReconnect: () => false,
    });
    await flush();
    expect(states).toContain('live');
    stream.end();
    await following;
    expect(states.at(-1)).toBe('stopped');
    expect(server.requests).toHaveLength(1);
  });
});

describe('useEventStream', () => {
  it('follows the URL while set, answers its state, and closes when it is unset', async () => {
    const server = streamServer();
    const stream = server.connect();
    const received: string[] = [];
    const { result, rerender } = renderHook(
      ({ url }: { url: string | undefined }) =>
        useEventStream(url, { onEvent: (event) => received.push(event.data) }),
      { initialProps: { url: '/api/things/8/events' as string | undefined } },
    );
    expect(result.current).toBe<EventStreamState>('connecting');
    await waitFor(() => expect(result.current).toBe('live'));
    act(() => stream.write('id: 1\ndata: hello\n\n'));
    await waitFor(() => expect(received).toEqual(['hello']));

    rerender({ url: undefined });
    expect(result.current).toBe('idle');
    // Aborting the request ends the stream (the fake server errors it).
    await waitFor(() => expect(server.requests).toHaveLength(1));

    // Back to the same URL: it resumes after the last event it saw.
    server.connect();
    rerender({ url: '/api/things/8/events' });
    await waitFor(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[1]?.headers.get('last-event-id')).toBe('1');
  });

  it('starts from the snapshot on screen, and reports a refusal as stopped', async () => {
    const server = streamServer();
    server.refuse(404);
    const { result } = renderHook(() =>
      useEventStream('/api/things/9/events', { lastEventId: '77', onEvent: () => {} }),
    );
    await waitFor(() => expect(result.current).toBe('stopped'));
    expect(server.requests[0]?.headers.get('last-event-id')).toBe('77');
  });
});
