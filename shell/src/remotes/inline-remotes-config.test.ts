import { afterEach, describe, expect, it, vi } from 'vitest';
import { INLINE_CONFIG_ID, readRemotes } from './remotes-config';

const BASE = 'https://shop.example/';
const CONFIG = {
  marketing: '/remotes/marketing/mf-manifest.json',
  customer: '/remotes/customer/mf-manifest.json',
  curbside: '/remotes/curbside/mf-manifest.json',
  retailer: 'https://cdn.example/retailer/mf-manifest.json',
  loadTimeoutMs: 4000,
};

function inline(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = INLINE_CONFIG_ID;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(INLINE_CONFIG_ID)?.remove();
});

describe('readRemotes (the configuration inlined in the page)', () => {
  it('uses the inlined configuration without fetching /remotes.json', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    inline(JSON.stringify(CONFIG));
    const result = await readRemotes(document, BASE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.entries.marketing).toEqual({
      ok: true,
      entry: 'https://shop.example/remotes/marketing/mf-manifest.json',
    });
    expect(result.entries.retailer).toEqual({
      ok: true,
      entry: 'https://cdn.example/retailer/mf-manifest.json',
    });
    expect(result.loadTimeoutMs).toBe(4000);
  });

  it('reads it once: a second read (Retry) fetches /remotes.json again', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify(CONFIG), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    inline(JSON.stringify(CONFIG));
    await readRemotes(document, BASE);
    expect(document.getElementById(INLINE_CONFIG_ID)).toBeNull();
    const again = await readRemotes(document, BASE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/remotes.json');
    expect(again.entries.customer.ok).toBe(true);
  });

  it('falls back to /remotes.json when nothing is inlined or the block is broken', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify(CONFIG), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await readRemotes(document, BASE)).entries.marketing.ok).toBe(true);
    inline('{ not json');
    expect((await readRemotes(document, BASE)).entries.marketing.ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('validates an inlined entry like a fetched one', async () => {
    vi.stubGlobal('fetch', vi.fn());
    inline(JSON.stringify({ ...CONFIG, curbside: 'javascript:alert(1)' }));
    const result = await readRemotes(document, BASE);
    expect(result.entries.curbside.ok).toBe(false);
    expect(result.entries.marketing.ok).toBe(true);
  });
});
