import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from 'shared-auth';

/** The demo store's test publishable key, so visitors can try the widget preview. */
export const demoWidgetKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['retailer', 'demo', 'widget-key'] as const,
    queryFn: ({ signal }) =>
      fetchJson<{ publishableKey: string | null }>('/api/demo/widget-key', 'default', signal),
    staleTime: 10 * 60_000,
  });
