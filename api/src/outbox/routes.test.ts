import { outboxListSchema } from 'shared-contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { sendNotification } from './service.ts';

describeEachDatabase('development outbox', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('starts empty', async () => {
    const response = await server.fetch('/api/dev/outbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual([]);
  });

  it('lists sent notifications newest first, with their fields', async () => {
    const { db } = server.database;
    const first = await sendNotification(db, {
      channel: 'email',
      to: 'Dana.Rivera@Example.test',
      subject: 'Verify your email',
      text: 'Open http://localhost:8080/verify-email?token=abc',
    });
    // Two in one transaction: they share now(), so only clock order can tell them apart.
    const [second, third] = await db.transaction(async (tx) => [
      await sendNotification(tx, {
        channel: 'sms',
        to: '+15125550100',
        subject: 'Curbside PIN',
        text: 'Your PIN is 4821',
      }),
      await sendNotification(tx, {
        channel: 'email',
        to: 'someone@example.test',
        subject: 'Your order is ready',
        text: 'Order CR-100234 is ready for pickup.',
      }),
    ]);

    const response = await server.fetch('/api/dev/outbox');
    const messages = outboxListSchema.parse(await response.json());
    expect(messages.map((message) => message.id)).toEqual([third?.id, second?.id, first.id]);
    expect(messages[2]).toEqual({
      id: first.id,
      channel: 'email',
      to: 'dana.rivera@example.test',
      subject: 'Verify your email',
      text: 'Open http://localhost:8080/verify-email?token=abc',
      createdAt: first.createdAt.toISOString(),
    });
    expect(Object.keys(messages[0] ?? {}).sort()).toEqual(
      ['channel', 'createdAt', 'id', 'subject', 'text', 'to'].sort(),
    );
  });

  it('filters by recipient, case-insensitively, and limits', async () => {
    const filtered = outboxListSchema.parse(
      await (await server.fetch('/api/dev/outbox?to=DANA.RIVERA%40example.test')).json(),
    );
    expect(filtered.map((message) => message.subject)).toEqual(['Verify your email']);

    const limited = outboxListSchema.parse(
      await (await server.fetch('/api/dev/outbox?limit=1')).json(),
    );
    expect(limited.map((message) => message.subject)).toEqual(['Your order is ready']);
  });

  it('rejects a limit out of range', async () => {
    const response = await server.fetch('/api/dev/outbox?limit=1000');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'limit must be at most 200' });
  });

  it('refuses an empty recipient', async () => {
    await expect(
      sendNotification(server.database.db, { channel: 'sms', to: '  ', subject: 'x', text: 'y' }),
    ).rejects.toThrow('recipient is empty');
  });
});

describe('development outbox in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => server?.close());

  it('is not there at all', async () => {
    await sendNotification(server.database.db, {
      channel: 'email',
      to: 'dana@example.test',
      subject: 'Secret link',
      text: 'token=abc',
    });
    const response = await server.fetch('/api/dev/outbox');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found: GET /api/dev/outbox' });
    const openapi = (await (await server.fetch('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(openapi.paths['/api/dev/outbox']).toBeUndefined();
  });
});
