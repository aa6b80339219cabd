import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRemotes, resolveRemotes } from './remotes-config';

const BASE = 'https://shop.example/';

describe('resolveRemotes', () => {
  it('resolves root-relative defaults against the page origin', () => {
    const result = resolveRemotes(
      {
        marketing: '/remotes/marketing/mf-manifest.json',
        customer: '/remotes/customer/mf-manifest.json',
        curbside: 'https://cdn.example/curbside/mf-manifest.json',
        retailer: 'http://localhost:3004/mf-manifest.json',
      },
      BASE,
    );
    expect(result.entries.marketing).toEqual({
      ok: true,
      entry: 'https://shop.example/remotes/marketing/mf-manifest.json',
    });
    expect(result.entries.curbside).toEqual({
      ok: true,
      entry: 'https://cdn.example/curbside/mf-manifest.json',
    });
    expect(result.entries.retailer.ok).toBe(true);
    expect(result.loadTimeoutMs).toBe(15_000);
  });

  it('marks only the malformed entry unavailable, naming the remote', () => {
    const result = resolveRemotes(
      {
        marketing: '/remotes/marketing/mf-manifest.json',
        customer: 'javascript:alert(1)',
        curbside: 42,
        retailer: '//evil.example/x.json',
      },
      BASE,
    );
    expect(result.entries.marketing.ok).toBe(true);
    expect(result.entries.customer).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"customer"'),
    });
    expect(result.entries.curbside).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"curbside"'),
    });
    expect(result.entries.retailer.ok).toBe(false);
  });

  it('reports a missing entry', () => {
    const result = resolveRemotes({ marketing: '/remotes/marketing/mf-manifest.json' }, BASE);
    expect(result.entries.customer).toEqual({
      ok: false,
      reason: 'remotes.json has no entry for "customer".',
    });
  });

  it('reads the load timeout, and keeps the default when it is invalid', () => {
    const urls = {
      marketing: '/remotes/marketing/mf-manifest.json',
      customer: '/remotes/customer/mf-manifest.json',
      curbside: '/remotes/curbside/mf-manifest.json',
      retailer: '/remotes/retailer/mf-manifest.json',
    };
    expect(resolveRemotes({ ...urls, loadTimeoutMs: 3000 }, BASE).loadTimeoutMs).toBe(3000);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const bad of [10, 'soon', 1e9]) {
      const result = resolveRemotes({ ...urls, loadTimeoutMs: bad }, BASE);
      expect(result.loadTimeoutMs).toBe(15_000);
      // The remotes themselves are unaffected by a bad timeout.
      expect(result.entries.marketing.ok).toBe(true);
    }
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('rejects a file that is not an object', () => {
    for (const raw of [null, [], 'x', 3]) {
      expect(resolveRemotes(raw, BASE).entries.marketing.ok).toBe(false);
    }
  });
});

describe('fetchRemotes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks every remote unavailable when the file is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>oops</html>', { status: 200 })),
    );
    const result = await fetchRemotes('/remotes.json', BASE);
    expect(result.entries.marketing).toEqual({
      ok: false,
      reason: 'remotes.json is not valid JSON.',
    });
    expect(result.entries.retailer.ok).toBe(false);
  });

  it('marks every remote unavailable when the server fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    const result = await fetchRemotes('/remotes.json', BASE);
    expect(result.entries.customer).toMatchObject({
      ok: false,
      reason: expect.stringContaining('503'),
    });
  });
});

describe('the releases in remotes.json', () => {
  const manifests = {
    marketing: '/remotes/marketing/mf-manifest.0123456789.json',
    customer: '/remotes/customer/mf-manifest.json',
    curbside: '/remotes/curbside/mf-manifest.json',
    retailer: '/remotes/retailer/mf-manifest.json',
  };

  it('are read with the page token reports carry', () => {
    const result = resolveRemotes(
      { ...manifests, releases: { marketing: '0123456789' }, report: 'page-token' },
      BASE,
    );
    expect(result.releases).toEqual({ marketing: '0123456789' });
    expect(result.reportToken).toBe('page-token');
  });

  it('are left out when malformed, keeping the manifests', () => {
    const result = resolveRemotes(
      { ...manifests, releases: { marketing: '../../x', shop: '0123456789' }, report: 'token' },
      BASE,
    );
    expect(result.releases).toEqual({});
    expect(
      resolveRemotes({ ...manifests, releases: { marketing: '0123456789' } }, BASE),
    ).not.toHaveProperty('reportToken');
    expect(result.entries.marketing).toEqual({
      ok: true,
      entry: 'https://shop.example/remotes/marketing/mf-manifest.0123456789.json',
    });
  });
});
