/** One parsed server-sent event. */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseConnection {
  response: Response;
  /** Comment lines seen so far (`: heartbeat`), for heartbeat tests. */
  comments: string[];
  /** Resolves with the next event, or rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Collects exactly `count` events. */
  take(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
}

/**
 * A minimal `fetch`-based SSE reader, the way the browser client reads streams (it needs the
 * bearer header, which EventSource cannot send).
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const body = response.body;
  if (!body) throw new Error('response has no body');
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const queue: SseEvent[] = [];
  const comments: string[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let ended = false;

  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          const frame = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
          const event: SseEvent = { id: undefined, event: 'message', data: '' };
          let hasData = false;
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data += (hasData ? '\n' : '') + line.slice(6);
              hasData = true;
            }
          }
          if (hasData) queue.push(event);
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      // Aborted by close(); nothing more will arrive.
    } finally {
      ended = true;
      for (const wake of waiters.splice(0)) wake();
    }
  })();

  async function next(timeoutMs = 5_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = queue.shift();
      if (event) return event;
      if (ended) throw new Error('event stream ended');
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  const connection: SseConnection = {
    response,
    comments,
    next,
    async take(count, timeoutMs = 5_000) {
      const events: SseEvent[] = [];
      for (let i = 0; i < count; i += 1) events.push(await next(timeoutMs));
      return events;
    },
    close() {
      controller.abort();
    },
  };
  return connection;
}
