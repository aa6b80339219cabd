import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queuedWriteKey } from '../queued-writes';
import { setTokenSource } from '../token-source';
import { watchQueuedWrites } from './worker-queue';

const write = {
  method: 'POST' as const,
  url: '/api/curbside-pickups',
  body: { orderNumber: 'CR-100234' },
  idempotencyKey: 'key-1',
};

describe('watchQueuedWrites', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    setTokenSource(() => null);
    vi.unstubAllGlobals();
  });

  it('hands a paused write to the worker with the session, and takes it back when sent', async () => {
    setTokenSource(() => 'token-1');
    const fetchMock = vi.fn(async () => new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    client.setMutationDefaults(['queued-write'], {
      mutationFn: async () => (await fetch('/x')).json(),
      networkMode: 'online',
    });
    client.mount();
    const post = vi.fn();
    const stop = watchQueuedWrites(client, post);
    onlineManager.setOnline(false);
    const sent = client
      .getMutationCache()
      .build(client, { mutationKey: queuedWriteKey('curbside', 'arrival') })
      .execute(write);
    await vi.waitFor(() =>
      expect(post).toHaveBeenCalledWith({
        type: 'curbrun:queue-write',
        ...write,
        token: 'token-1',
      }),
    );
    onlineManager.setOnline(true);
    await sent;
    expect(post).toHaveBeenLastCalledWith({ type: 'curbrun:drop-write', idempotencyKey: 'key-1' });
    expect(post).toHaveBeenCalledTimes(2);
    stop();
    client.unmount();
  });

  it('takes back a write that is cancelled, and leaves other mutations alone', async () => {
    const client = new QueryClient();
    setTokenSource(() => 'token-1');
    const post = vi.fn();
    watchQueuedWrites(client, post);
    onlineManager.setOnline(false);
    const cache = client.getMutationCache();
    const other = cache.build(client, { mutationKey: ['settings'], mutationFn: async () => 1 });
    void other.execute({}).catch(() => {});
    const queued = cache.build(client, {
      mutationKey: queuedWriteKey('curbside', 'arrival'),
      mutationFn: async () => 1,
    });
    void queued.execute(write).catch(() => {});
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    cache.remove(queued);
    expect(post).toHaveBeenLastCalledWith({ type: 'curbrun:drop-write', idempotencyKey: 'key-1' });
    expect(post).toHaveBeenCalledTimes(2);
  });
});
