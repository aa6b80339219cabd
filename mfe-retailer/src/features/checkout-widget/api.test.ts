import { QueryClient } from '@tanstack/react-query';
import { json, mockFetch } from 'shared-auth/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoWidgetKeyQueryOptions, remotesManifestQueryOptions } from './api';

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => vi.unstubAllGlobals());

describe('checkout widget reads', () => {
  it('reads the demo publishable key, and its absence', async () => {
    mockFetch({ 'GET /api/demo/widget-key': () => json({ publishableKey: 'pk_test_demo' }) });
    await expect(client().fetchQuery(demoWidgetKeyQueryOptions())).resolves.toEqual({
      publishableKey: 'pk_test_demo',
    });
    mockFetch({ 'GET /api/demo/widget-key': () => json({ publishableKey: null }) });
    await expect(client().fetchQuery(demoWidgetKeyQueryOptions())).resolves.toEqual({
      publishableKey: null,
    });
  });

  it('refuses a widget-key answer of another shape instead of previewing with it', async () => {
    mockFetch({ 'GET /api/demo/widget-key': () => json({ key: 'pk_test_demo' }) });
    await expect(client().fetchQuery(demoWidgetKeyQueryOptions())).rejects.toThrow(
      /publishableKey/,
    );
  });

  it('reads where the retailer remote is served from /remotes.json', async () => {
    const manifest = {
      marketing: '/remotes/marketing/mf-manifest.json',
      customer: '/remotes/customer/mf-manifest.json',
      curbside: '/remotes/curbside/mf-manifest.json',
      retailer: 'https://cdn.example.test/retailer/v2/mf-manifest.json',
    };
    mockFetch({ 'GET /remotes.json': () => json(manifest) });
    const read = await client().fetchQuery(remotesManifestQueryOptions());
    expect(read.retailer).toBe('https://cdn.example.test/retailer/v2/mf-manifest.json');

    // A retailer entry that is not a manifest URL is refused (the page then uses its default).
    mockFetch({
      'GET /remotes.json': () => json({ ...manifest, retailer: 'javascript:alert(1)' }),
    });
    await expect(client().fetchQuery(remotesManifestQueryOptions())).rejects.toThrow();
  });
});
