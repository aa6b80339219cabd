import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from 'shared-client';
import { remotesManifestSchema } from 'shared-contracts/remotes';
import { demoWidgetKeySchema } from 'shared-contracts/retailer';

/** The demo store's test publishable key, so visitors can try the widget preview. */
export const demoWidgetKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['retailer', 'demo', 'widget-key'] as const,
    queryFn: async ({ signal }) =>
      demoWidgetKeySchema.parse(
        await fetchJson<unknown>('/api/demo/widget-key', 'default', signal),
      ),
    staleTime: 10 * 60_000,
  });

/**
 * `/remotes.json`, read here for where this remote (and so the widget script beside it) is served:
 * the embed snippet must point at the deployed retailer remote, wherever it lives.
 */
export const remotesManifestQueryOptions = () =>
  queryOptions({
    queryKey: ['retailer', 'remotes-manifest'] as const,
    queryFn: async ({ signal }) =>
      remotesManifestSchema.parse(await fetchJson<unknown>('/remotes.json', 'default', signal)),
    staleTime: 10 * 60_000,
  });
