import { count, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { openEventStream } from '../../test/sse-client.ts';
import { waitFor } from '../../test/wait-for.ts';
import { formatEvent, parseLastEventId } from './event-streams.ts';
import { publishEvent } from './publish.ts';
import { events } from './schema.ts';

describe('parseLastEventId', () => {
  it('accepts non-negative integers only', () => {
    expect(parseLastEventId('42')).toBe(42);
    expect(parseLastEventId(' 7 ')).toBe(7);
    expect(parseLastEventId(['3', '4'])).toBe(3);
    expect(parseLastEventId(undefined)).toBeUndefined();
    expect(parseLastEventId('-1')).toBeUndefined();
    expect(parseLastEventId('abc')).toBeUndefined();
    expect(parseLastEventId('1e3')).toBeUndefined();
  });
});

describe('formatEvent', () => {
  it('writes id, event and one data line', () => {
    expect(formatEvent({ id: 5, type: 'status', payload: { text: 'a\nb' } })).toBe(
      'id: 5\nevent: status\ndata: {"text":"a\\nb"}\n\n',
    );
  });
});

/** Mounts the helper the way a domain route would, on a test-only topic. */
function mountTestStream(app: TestServer['app']) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/test/events/:name',
    {
      schema: {
        params: z.object({ name: z.string() }),
        querystring: z.object({ fromStart: z.literal('1').optional() }),
      },
    },
    async (request, reply) =>
      app.realtime.stream(request, reply, {
        topic: `test:${request.params.name}`,
        fromStart: request.query.fromStart === '1',
      }),
  );
}

describeEachDatabase('live updates over SSE', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      seed: false,
      heartbeatMs: 150,
      configure: mountTestStream,
    });
  });
  afterAll(() => server?.close());

  const publish = (name: string, payload: object, type?: string) =>
    publishEvent(server.database.db, `test:${name}`, payload, { type });
  const open = (name: string, headers: Record<string, string> = {}, query = '') =>
    openEventStream(`${server.url}/api/test/events/${name}${query}`, headers);

  it('answers with event-stream headers', async () => {
    const stream = await open('headers');
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-cache');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.response.headers.get('content-encoding')).toBeNull();
    } finally {
      stream.close();
    }
  });

  it('streams new events live, in order, with id, event and data', async () => {
    await publish('live', { before: true });
    const stream = await open('live');
    try {
      const first = await publish('live', { step: 1 }, 'status');
      const second = await publish('live', { step: 2 });
      const received = await stream.take(2);
      // The event published before connecting is not replayed without a Last-Event-ID.
      expect(received).toEqual([
        { id: String(first.id), event: 'status', data: '{"step":1}' },
        { id: String(second.id), event: 'message', data: '{"step":2}' },
      ]);
    } finally {
      stream.close();
    }
  });

  it('replays what was missed after Last-Event-ID, then continues live', async () => {
    const a = await publish('resume', { n: 'a' });
    const b = await publish('resume', { n: 'b' });
    const c = await publish('resume', { n: 'c' });
    const stream = await open('resume', { 'last-event-id': String(a.id) });
    try {
      const replayed = await stream.take(2);
      expect(replayed.map((event) => event.id)).toEqual([String(b.id), String(c.id)]);
      const d = await publish('resume', { n: 'd' });
      expect((await stream.next()).id).toBe(String(d.id));
    } finally {
      stream.close();
    }
  });

  it('replays a whole topic when asked to start from the beginning, page by page', async () => {
    const published = [];
    for (let i = 0; i < 210; i += 1) published.push(await publish('history', { i }));
    const stream = await open('history', {}, '?fromStart=1');
    try {
      const received = await stream.take(210);
      expect(received.map((event) => Number(event.id))).toEqual(published.map((event) => event.id));
    } finally {
      stream.close();
    }
  });

  it('fans one topic out to many streams, a resuming one joining without gaps or repeats', async () => {
    const first = await publish('shared', { n: 0 });
    const followers = [await open('shared'), await open('shared')];
    const published = [];
    for (let n = 1; n <= 3; n += 1) published.push(await publish('shared', { n }));
    // Joins while the others are live: replays after `first`, then continues with them.
    const resuming = await open('shared', { 'last-event-id': String(first.id) });
    for (let n = 4; n <= 5; n += 1) published.push(await publish('shared', { n }));
    try {
      const ids = published.map((event) => String(event.id));
      for (const stream of [...followers, resuming]) {
        expect((await stream.take(5)).map((event) => event.id)).toEqual(ids);
        await expect(stream.next(300)).rejects.toThrow(/no event within/);
      }
    } finally {
      for (const stream of [...followers, resuming]) stream.close();
    }
  });

  it('keeps topics apart', async () => {
    const stream = await open('mine');
    try {
      await publish('theirs', { secret: true });
      const mine = await publish('mine', { ok: true });
      expect(await stream.next()).toMatchObject({ id: String(mine.id), data: '{"ok":true}' });
    } finally {
      stream.close();
    }
  });

  it('publishes with the caller transaction: nothing on rollback, the event on commit', async () => {
    const { db } = server.database;
    const stream = await open('tx');
    try {
      await expect(
        db.transaction(async (tx) => {
          await publishEvent(tx, 'test:tx', { rolledBack: true });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const committed = await db.transaction((tx) => publishEvent(tx, 'test:tx', { ok: 1 }));
      expect(await stream.next()).toMatchObject({ id: String(committed.id), data: '{"ok":1}' });
      const [stored] = await db
        .select({ value: count() })
        .from(events)
        .where(eq(events.topic, 'test:tx'));
      expect(stored?.value).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('sends heartbeat comments', async () => {
    const stream = await open('quiet');
    try {
      await waitFor(() => stream.comments.includes('heartbeat'), { what: 'a heartbeat' });
    } finally {
      stream.close();
    }
  });

  it('cleans up when the client disconnects', async () => {
    // The earlier tests closed their streams; all of them must be gone.
    await waitFor(() => server.app.realtime.openStreams === 0, { what: 'earlier streams closed' });
    const stream = await open('leaving');
    await waitFor(() => server.app.realtime.openStreams === 1, { what: 'stream open' });
    stream.close();
    await waitFor(() => server.app.realtime.openStreams === 0, { what: 'stream closed' });
    // Publishing to a topic nobody listens to any more is harmless.
    await publish('leaving', { late: true });
  });

  if (kind === 'postgres') {
    it('delivers events published by another API process', async () => {
      const other = await server.target.open();
      const stream = await open('cross');
      try {
        const event = await publishEvent(other.db, 'test:cross', { from: 'elsewhere' });
        expect(await stream.next()).toMatchObject({ id: String(event.id) });
      } finally {
        stream.close();
        await other.close();
      }
    });

    it('never skips an event when publishers of one topic commit out of id order', async () => {
      const stream = await open('race');
      const other = await server.target.open();
      try {
        let releaseFirst: () => void = () => {};
        const firstHolds = new Promise<void>((resolve) => {
          releaseFirst = resolve;
        });
        let firstPublished: () => void = () => {};
        const firstIsIn = new Promise<void>((resolve) => {
          firstPublished = resolve;
        });
        // A takes the first id, then holds its transaction open; B publishes meanwhile.
        const slow = server.database.db.transaction(async (tx) => {
          const event = await publishEvent(tx, 'test:race', { who: 'A' });
          firstPublished();
          await firstHolds;
          return event;
        });
        await firstIsIn;
        const fast = publishEvent(other.db, 'test:race', { who: 'B' });
        await new Promise((resolve) => setTimeout(resolve, 150));
        releaseFirst();
        const [a, b] = await Promise.all([slow, fast]);
        expect(b.id).toBeGreaterThan(a.id);
        const received = await stream.take(2);
        expect(received.map((event) => event.data)).toEqual(['{"who":"A"}', '{"who":"B"}']);
      } finally {
        stream.close();
        await other.close();
      }
    });
  }
});

describe('shutting down with open streams', () => {
  it('ends the streams instead of waiting for clients to leave', async () => {
    const server = await startTestServer({ seed: false, configure: mountTestStream });
    const stream = await openEventStream(`${server.url}/api/test/events/shutdown`);
    const started = Date.now();
    await server.close();
    // Without closeAll() this would hang until the test times out; the bound only allows for a
    // busy machine.
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(stream.next(2_000)).rejects.toThrow('event stream ended');
  });
});
