import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createEventStream } from 'shared-auth/testing';
import { ApiError, errorMessage } from 'shared-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DashboardSource, dashboardQueryOptions, downloadCsv, useDashboardLive } from './api';

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

describe('the CSV export', () => {
  const OWN: DashboardSource = { kind: 'own', mode: 'live' };

  afterEach(() => {
    localStorage.clear();
  });

  it("rejects a refused export with the server's reason", async () => {
    localStorage.setItem('token', 'retailer-token');
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ message: 'Your session has ended. Please sign in again.' }), {
          status: 401,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const error = await downloadCsv(OWN, 'live-deliveries.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    // What the page's "Export failed" toast says.
    expect(errorMessage(error)).toBe('Your session has ended. Please sign in again.');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/retailer/dashboard/deliveries.csv?mode=live');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer retailer-token');
  });
});
