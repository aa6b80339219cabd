import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  asyncChunkUrls,
  forgetServerRemoteEntries,
  resolveRemoteEntry,
} from './federation-manifest';

const MANIFEST_URL = 'https://shop.example/remotes/marketing/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.abc.js', path: '' } },
  exposes: [{ path: './routes', assets: { js: { sync: ['a.js'], async: ['b.js', 'c.js'] } } }],
};

afterEach(() => {
  vi.restoreAllMocks();
  forgetServerRemoteEntries();
  document.head.innerHTML = '';
});

describe('asyncChunkUrls', () => {
  it('lists the async chunks of an exposed module from the same folder', () => {
    expect(asyncChunkUrls(manifest, MANIFEST_URL, './routes')).toEqual([
      'https://shop.example/remotes/marketing/b.js',
      'https://shop.example/remotes/marketing/c.js',
    ]);
    expect(asyncChunkUrls(null, MANIFEST_URL, './routes')).toEqual([]);
  });
});

describe('resolveRemoteEntry', () => {
  it('reads the entry from the manifest, fetched as the server’s preload hint was made', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(manifest));
    await expect(resolveRemoteEntry(MANIFEST_URL)).resolves.toBe(
      'https://shop.example/remotes/marketing/remoteEntry.abc.js',
    );
    expect(fetchMock).toHaveBeenCalledWith(MANIFEST_URL);
  });

  it('uses the entry the server named in the page once, then reads the manifest again', async () => {
    document.head.innerHTML = `<script type="application/json" id="server-remote-entries">${JSON.stringify(
      { '/remotes/marketing/mf-manifest.json': '/remotes/marketing/remoteEntry.server.js' },
    )}</script>`;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(manifest));
    const configured = '/remotes/marketing/mf-manifest.json';
    await expect(resolveRemoteEntry(configured)).resolves.toBe(
      new URL('/remotes/marketing/remoteEntry.server.js', document.baseURI).href,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    // A Retry (or the remote redeployed since) asks the manifest.
    await expect(resolveRemoteEntry(configured)).resolves.toBe(
      new URL('/remotes/marketing/remoteEntry.abc.js', document.baseURI).href,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the manifest when the page named nothing usable', async () => {
    document.head.innerHTML =
      '<script type="application/json" id="server-remote-entries">{"/remotes/marketing/mf-manifest.json": 7}</script>';
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(manifest));
    await expect(resolveRemoteEntry('/remotes/marketing/mf-manifest.json')).resolves.toMatch(
      /remoteEntry\.abc\.js$/,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('takes an entry script configured directly, without a request', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    await expect(resolveRemoteEntry('https://cdn.example/remoteEntry.js')).resolves.toBe(
      'https://cdn.example/remoteEntry.js',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails for a manifest that is missing or names no entry', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('gone', { status: 404 }));
    await expect(resolveRemoteEntry(MANIFEST_URL)).rejects.toThrow('answered 404');
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(Response.json({ metaData: {} }));
    await expect(resolveRemoteEntry(MANIFEST_URL)).rejects.toThrow('names no remote entry');
  });
});
