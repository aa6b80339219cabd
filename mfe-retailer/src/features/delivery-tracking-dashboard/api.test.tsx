import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createEventStream } from 'shared-auth/testing';
import { afterEach, expect, it, vi } from 'vitest';
import { type DashboardSource, dashboardQueryOptions, useDashboardLive } from './api';

const DEMO: DashboardSource = { kind: 'demo' };

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(answer: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) === '/api/demo/dashboard/events') return answer();
    throw new Error(`unexpected fetch ${String(input)}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { fetchMock, invalidate, wrapper };
}

it('goes live and refreshes the snapshot once a second at most for a burst of deliveries', async () => {
  const stream = createEventStream();
  const { invalidate, wrapper } = setup(() => stream.response());
  const { result } = renderHook(() => useDashboardLive(DEMO), { wrapper });
  expect(result.current).toBe('connecting');
  await waitFor(() => expect(result.current).toBe('live'));

  act(() => {
    stream.send('delivery', {});
    stream.send('delivery', {});
  });
  await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1), { timeout: 3_000 });
  expect(invalidate).toHaveBeenCalledWith({ queryKey: dashboardQueryOptions(DEMO).queryKey });
});

it('says it is polling when the live stream is refused', async () => {
  const { fetchMock, wrapper } = setup(
    () => new Response(JSON.stringify({ message: 'Please sign in to continue.' }), { status: 401 }),
  );
  const { result } = renderHook(() => useDashboardLive(DEMO), { wrapper });
  await waitFor(() => expect(result.current).toBe('polling'));
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
