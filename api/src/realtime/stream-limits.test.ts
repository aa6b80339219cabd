import { deliverySchema } from 'shared-contracts/deliveries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { openEventStream, type SseConnection } from '../../test/sse-client.ts';
import { createTestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';
import { ensureDemoRetailer } from '../analytics/demo.ts';
import { placeHomeOrder } from '../deliveries/test-helpers.ts';
import { retailerTopic } from '../retailer-api/delivery-sync.ts';
import { publishEvent } from './publish.ts';
import {
  addressKey,
  STREAM_LIMIT_MESSAGES,
  STREAM_LIMIT_RETRY_AFTER_SECONDS,
} from './stream-limits.ts';

/**
 * Nobody can hold open as many live streams as they like. Beyond the cap per
 * user, per client address or per process the answer is a 429 `{ message }` with `Retry-After`,
 * and the public demo stream keeps working for everyone else.
 */

const PER_USER = 3;
const PER_ADDRESS = 4;

/** Asks for one more stream (plain fetch: a refusal is an ordinary JSON answer). */
async function expectRefused(url: string, headers: Record<string, string>, message: string) {
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers } });
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe(String(STREAM_LIMIT_RETRY_AFTER_SECONDS));
  expect(await response.json()).toEqual({ message });
}

describe('addressKey', () => {
  it('counts IPv4 addresses one by one and IPv6 ones by their /64 network', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describeEachDatabase('caps on live streams', (kind) => {
  let server: TestServer;
  const opened: SseConnection[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      heartbeatMs: 500,
      env: {
        // Client addresses come from X-Forwarded-For, so one test can be several addresses.
        TRUST_PROXY: 'true',
        LIVE_STREAMS_PER_USER: String(PER_USER),
        LIVE_STREAMS_PER_ADDRESS: String(PER_ADDRESS),
      },
    });
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await server?.close();
  });

  const demoStream = async (address: string) => {
    const stream = await openEventStream(`${server.url}/api/demo/dashboard/events`, {
      'x-forwarded-for': address,
    });
    opened.push(stream);
    return stream;
  };

  it('refuses a user more streams than the cap, from any address', async () => {
    const user = await createTestUser(server);
    const order = await placeHomeOrder(server, user);
    const delivery = deliverySchema.parse(
      await (
        await server.fetch(`/api/deliveries/order/${order.id}`, { headers: user.headers })
      ).json(),
    );
    const url = `${server.url}/api/deliveries/${delivery.id}/events`;
    const open = async (address: string) => {
      const stream = await openEventStream(url, { ...user.headers, 'x-forwarded-for': address });
      opened.push(stream);
      return stream;
    };
    for (let i = 0; i < PER_USER; i += 1) {
      expect((await open(`198.51.100.${i + 1}`)).response.status).toBe(200);
    }
    await expectRefused(
      url,
      { ...user.headers, 'x-forwarded-for': '198.51.100.99' },
      STREAM_LIMIT_MESSAGES.perUser,
    );

    // Another person is not affected by this one's streams.
    const other = await createTestUser(server);
    const theirs = await openEventStream(`${server.url}/api/demo/dashboard/events`, {
      ...other.headers,
      'x-forwarded-for': '198.51.100.50',
    });
    opened.push(theirs);
    expect(theirs.response.status).toBe(200);
  });

  it('refuses one address more public demo streams than the cap, and frees the slot on close', async () => {
    const streams = [];
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      const stream = await demoStream('203.0.113.7');
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    await expectRefused(
      `${server.url}/api/demo/dashboard/events`,
      { 'x-forwarded-for': '203.0.113.7' },
      STREAM_LIMIT_MESSAGES.perAddress,
    );
    // Other visitors still get theirs.
    expect((await demoStream('203.0.113.8')).response.status).toBe(200);

    const before = server.app.realtime.openStreams;
    streams[0]?.close();
    await waitFor(() => server.app.realtime.openStreams === before - 1, { what: 'slot freed' });
    expect((await demoStream('203.0.113.7')).response.status).toBe(200);
  });

  it('still delivers the demo store’s live events to every visitor, once each', async () => {
    const visitors = [];
    for (let i = 0; i < 3; i += 1) visitors.push(await demoStream(`192.0.2.${i + 1}`));
    const demo = await ensureDemoRetailer(server.database.db);
    const topic = retailerTopic(demo.accountId, 'test');
    const first = await publishEvent(server.database.db, topic, { n: 1 }, { type: 'delivery' });
    const second = await publishEvent(server.database.db, topic, { n: 2 }, { type: 'delivery' });
    for (const visitor of visitors) {
      expect(await visitor.take(2)).toEqual([
        { id: String(first.id), event: 'delivery', data: '{"n":1}' },
        { id: String(second.id), event: 'delivery', data: '{"n":2}' },
      ]);
      await expect(visitor.next(300)).rejects.toThrow(/no event within/);
    }
  });
});

describe('the cap per process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      seed: false,
      env: { TRUST_PROXY: 'true', LIVE_STREAMS_PER_PROCESS: '2' },
    });
  });
  afterAll(() => server?.close());

  it('refuses streams beyond it with a 429, whoever asks', async () => {
    const open = (address: string) =>
      openEventStream(`${server.url}/api/demo/dashboard/events`, { 'x-forwarded-for': address });
    const a = await open('203.0.113.1');
    const b = await open('203.0.113.2');
    try {
      expect([a.response.status, b.response.status]).toEqual([200, 200]);
      await expectRefused(
        `${server.url}/api/demo/dashboard/events`,
        { 'x-forwarded-for': '203.0.113.3' },
        STREAM_LIMIT_MESSAGES.total,
      );
      // The rest of the API answers as usual.
      expect((await server.fetch('/api/health')).status).toBe(200);
    } finally {
      a.close();
      b.close();
    }
  });
});
