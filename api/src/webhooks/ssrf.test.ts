import type { lookup } from 'node:dns';
import { WEBHOOK_MESSAGES } from 'shared-contracts/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { apiPost, onboardRetailer } from '../retailer-accounts/test-helpers.ts';
import {
  blockedMessage,
  classifyAddress,
  guardedLookup,
  literalHostKind,
} from './address-policy.ts';
import { sendWebhook } from './sender.ts';
import { startReceiver } from './test-receiver.ts';

type LookupAllCallback = (
  error: NodeJS.ErrnoException | null,
  addresses: { address: string; family: number }[],
) => void;

/**
 * Webhooks must never reach link-local, metadata or private addresses, in any mode and any
 * spelling; loopback only with WEBHOOK_ALLOW_LOOPBACK; the address checked is the one connected
 * to at send time. Nothing here connects to an address that is not loopback.
 */
const METADATA_SPELLINGS = [
  'http://169.254.169.254/latest/meta-data/',
  'https://[::ffff:a9fe:a9fe]/',
  'https://[::ffff:169.254.169.254]/',
  'http://2852039166/',
  'http://0251.0376.0251.0376/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://0xa9fea9fe/',
  'https://[::a9fe:a9fe]/',
  'https://[2002:a9fe:a9fe::1]/',
  'http://10.1.2.3/',
  'http://012.1.2.3/',
  'http://192.168.1.1/',
  'http://172.16.0.1/',
  'https://[fd00::1]/',
  'https://[fe80::1]/',
  'https://[::ffff:0a00:0001]/',
  'http://0.0.0.0/',
  // IPv6 ranges that carry an IPv4 address (IPv4-translated, NAT64, 6to4, Teredo).
  'http://[::ffff:0:a9fe:a9fe]/',
  'http://[::ffff:0:169.254.169.254]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[64:ff9b:1::a9fe:a9fe]/',
  'http://[2002:0a00:0001::]/',
  'http://[2001:0:4136:e378:8000:63bf:56fe:5601]/',
];

/**
 * Every IPv6 range that embeds an IPv4 address, each with a public IPv4 inside (93.184.216.34):
 * the network reached through a translator or tunnel cannot be judged from here, so the whole
 * range is refused, except IPv4-mapped addresses, which are the IPv4 address they carry.
 */
const IPV4_EMBEDDING = {
  'IPv4-mapped ::ffff:0:0/96': '::ffff:5db8:d822',
  'IPv4-translated ::ffff:0:0:0/96': '::ffff:0:5db8:d822',
  'IPv4-compatible ::/96': '::5db8:d822',
  'NAT64 64:ff9b::/96': '64:ff9b::5db8:d822',
  'local NAT64 64:ff9b:1::/48': '64:ff9b:1:abcd::5db8:d822',
  '6to4 2002::/16': '2002:5db8:d822::1',
  'Teredo 2001::/32': '2001:0:5db8:d822:8000:63bf:56fe:5601',
};

describe('the webhook address policy', () => {
  it('classifies every spelling of a private or metadata address as blocked', () => {
    for (const url of METADATA_SPELLINGS) {
      expect(literalHostKind(new URL(url).hostname), url).toBe('blocked');
    }
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://[::1]/',
      'http://[::ffff:7f00:1]/',
      'http://localhost/',
    ]) {
      expect(literalHostKind(new URL(url).hostname), url).toBe('loopback');
    }
    expect(classifyAddress('93.184.216.34')).toBe('public');
    expect(classifyAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe('public');
    expect(literalHostKind('hooks.example.com')).toBeNull();
  });

  it('refuses every IPv6 range that embeds an IPv4 address, whatever address it embeds', () => {
    for (const [range, address] of Object.entries(IPV4_EMBEDDING)) {
      const expected = range.startsWith('IPv4-mapped') ? 'public' : 'blocked';
      expect(classifyAddress(address), range).toBe(expected);
      expect(literalHostKind(new URL(`http://[${address}]/`).hostname), range).toBe(expected);
    }
    // An IPv4-mapped address is judged as the IPv4 address it is.
    expect(classifyAddress('::ffff:a9fe:a9fe')).toBe('blocked');
    expect(classifyAddress('::ffff:0:7f00:1')).toBe('blocked');
  });

  it('checks the address a name resolves to at send time, loopback only when allowed', async () => {
    const resolve = (allowLoopback: boolean) =>
      new Promise<string>((done) => {
        guardedLookup(allowLoopback)('localhost', { family: 4 }, (error, address) =>
          done(error ? error.message : String(address)),
        );
      });
    expect(await resolve(false)).toBe(blockedMessage('localhost'));
    expect(await resolve(true)).toBe('127.0.0.1');
  });

  it('refuses at send time a name that resolves into a range embedding IPv4, or to any private address', async () => {
    const answering = (addresses: string[]): typeof lookup =>
      ((_hostname: string, _options: unknown, callback: LookupAllCallback) =>
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        )) as unknown as typeof lookup;
    const connectTo = (addresses: string[]) =>
      new Promise<string>((done) => {
        guardedLookup(false, answering(addresses))(
          'hooks.example.com',
          { all: true },
          (error, list) => done(error ? error.message : JSON.stringify(list)),
        );
      });
    const refused = blockedMessage('hooks.example.com');
    for (const [range, address] of Object.entries(IPV4_EMBEDDING)) {
      if (range.startsWith('IPv4-mapped')) continue;
      expect(await connectTo([address]), range).toBe(refused);
    }
    // One private answer among public ones is enough to refuse (the client may pick any).
    expect(await connectTo(['93.184.216.34', '::ffff:0:a9fe:a9fe'])).toBe(refused);
    expect(await connectTo(['93.184.216.34', '169.254.169.254'])).toBe(refused);
    expect(await connectTo([])).toBe(refused);
    expect(JSON.parse(await connectTo(['93.184.216.34']))).toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('sends nothing to a loopback receiver when loopback is off, in any spelling', async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      for (const host of ['127.0.0.1', 'localhost.', '[::ffff:7f00:1]', '2130706433']) {
        const result = await sendWebhook({
          url: `http://${host}:${port}/webhooks`,
          body: '{}',
          secret: 'whsec_test',
          eventId: 'evt_1',
          timeoutMs: 2_000,
          allowLoopback: false,
        });
        expect(result, host).toMatchObject({ ok: false, statusCode: null });
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});

describeEachDatabase('webhook endpoints outside production', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // The default outside production: loopback allowed for local receivers.
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('refuses link-local, metadata and private endpoints in every spelling, loopback still works', async () => {
    expect(server.config.webhookAllowLoopback).toBe(true);
    const retailer = await onboardRetailer(server);
    const add = (url: string) =>
      apiPost(server, '/api/retailer/webhook-endpoints', retailer.owner.headers, {
        url,
        mode: 'test',
        events: ['delivery.delivered'],
      });
    for (const url of METADATA_SPELLINGS) {
      const response = await add(url);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ message: WEBHOOK_MESSAGES.urlPrivate });
    }
    const receiver = await startReceiver();
    try {
      const local = await add(receiver.url);
      expect(local.status).toBe(201);
    } finally {
      await receiver.close();
    }
  });
});
