import { afterEach, describe, expect, it, vi } from 'vitest';
import { asyncChunkUrls } from '../remotes/federation-manifest';
import { runRemoteChunks } from './remote-chunks';

const MANIFEST_URL = 'https://cdn.example/curbside/v7/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto' },
  exposes: [
    {
      path: './routes',
      assets: {
        js: {
          sync: ['__federation_expose_routes.0123456789.js'],
          async: ['611.a.js', 'x/109.b.js'],
        },
      },
    },
    { path: './other', assets: { js: { sync: [], async: ['9.c.js'] } } },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('asyncChunkUrls', () => {
  it('resolves the async chunks of one expose beside an `auto` manifest', () => {
    expect(asyncChunkUrls(manifest, MANIFEST_URL, './routes')).toEqual([
      'https://cdn.example/curbside/v7/611.a.js',
      'https://cdn.example/curbside/v7/x/109.b.js',
    ]);
  });

  it('uses an explicit publicPath, and copes with missing parts', () => {
    const fixed = { ...manifest, metaData: { publicPath: 'https://static.example/c/' } };
    expect(asyncChunkUrls(fixed, MANIFEST_URL, './other')).toEqual([
      'https://static.example/c/9.c.js',
    ]);
    expect(asyncChunkUrls({}, MANIFEST_URL, './routes')).toEqual([]);
    expect(asyncChunkUrls(null, MANIFEST_URL, './routes')).toEqual([]);
  });
});

describe('runRemoteChunks', () => {
  it('adds one script per chunk from the cached manifest, once', async () => {
    const fetchMock = vi.fn(async () => Response.json(manifest));
    vi.stubGlobal('fetch', fetchMock);
    const done = runRemoteChunks(MANIFEST_URL);
    await vi.waitFor(() => expect(document.head.querySelectorAll('script')).toHaveLength(2));
    for (const script of document.head.querySelectorAll('script'))
      script.dispatchEvent(new Event('load'));
    await done;
    expect(fetchMock).toHaveBeenCalledWith(MANIFEST_URL, { cache: 'force-cache' });
    const sources = [...document.head.querySelectorAll('script')].map((s) => s.src);
    expect(sources).toEqual([
      'https://cdn.example/curbside/v7/611.a.js',
      'https://cdn.example/curbside/v7/x/109.b.js',
    ]);
    // Scripts already on the page (loaded by the remote itself) are not added again.
    await runRemoteChunks(MANIFEST_URL);
    expect(document.head.querySelectorAll('script')).toHaveLength(2);
  });

  it('does nothing when the manifest cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 404 })),
    );
    await runRemoteChunks(MANIFEST_URL);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });
});
