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

/** A page the test hides, and a client with one write paused without a connection. */
function setUp() {
  setTokenSource(() => 'token-1');
  let hide = () => {};
  const page = {
    onHidden: (run: () => void) => {
      hide = run;
      return () => {};
    },
  };
  const client = new QueryClient();
  client.setMutationDefaults(['queued-write'], {
    mutationFn: async () => ({ id: 'created' }),
    networkMode: 'online',
  });
  client.mount();
  const post = vi.fn();
  watchQueuedWrites(client, post, page);
  onlineManager.setOnline(false);
  const cache = client.getMutationCache();
  const mutation = cache.build(client, { mutationKey: queuedWriteKey('curbside', 'arrival') });
  const sent = mutation.execute(write);
  const other = cache.build(client, { mutationKey: ['settings'], mutationFn: async () => 1 });
  void other.execute({}).catch(() => {});
  return { client, post, hide: () => hide(), mutation, sent };
}

describe('watchQueuedWrites', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    setTokenSource(() => null);
  });

  it('leaves a waiting write to the page while it is on screen', async () => {
    const { post, client } = setUp();
    await vi.waitFor(() => expect(client.isMutating()).toBe(2));
    expect(post).not.toHaveBeenCalled();
    client.unmount();
  });

  it('takes back a copy an earlier page handed over once this page has sent the write', async () => {
    const { post, sent, client } = setUp();
    onlineManager.setOnline(true);
    await sent;
    expect(post).toHaveBeenCalledWith({ type: 'curbrun:drop-write', idempotencyKey: 'key-1' });
    client.unmount();
  });

  it('hands it to the worker when the page is hidden, and takes it back once sent', async () => {
    const { post, hide, sent, client } = setUp();
    hide();
    hide();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith({ type: 'curbrun:queue-write', ...write, token: 'token-1' });
    onlineManager.setOnline(true);
    await sent;
    expect(post).toHaveBeenLastCalledWith({ type: 'curbrun:drop-write', idempotencyKey: 'key-1' });
    expect(post).toHaveBeenCalledTimes(2);
    client.unmount();
  });

  it('takes it back when the person cancels it', () => {
    const { post, hide, mutation, client } = setUp();
    hide();
    client.getMutationCache().remove(mutation);
    expect(post).toHaveBeenLastCalledWith({ type: 'curbrun:drop-write', idempotencyKey: 'key-1' });
    client.unmount();
  });
});
