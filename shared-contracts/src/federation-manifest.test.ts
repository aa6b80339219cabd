import { describe, expect, it } from 'vitest';
import { exposedChunkFiles, manifestFileUrl, remoteEntryUrl } from './federation-manifest';

const MANIFEST_URL = 'https://shop.example/remotes/marketing/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.abc.js', path: '' } },
  exposes: [{ path: './routes', assets: { js: { sync: ['a.js'], async: ['b.js', 'c.js'] } } }],
};

describe('reading a federation manifest', () => {
  it('finds the entry beside the manifest, wherever the remote was deployed', () => {
    expect(remoteEntryUrl(manifest, MANIFEST_URL)?.href).toBe(
      'https://shop.example/remotes/marketing/remoteEntry.abc.js',
    );
    expect(manifestFileUrl(manifest, new URL(MANIFEST_URL), 'a.js').href).toBe(
      'https://shop.example/remotes/marketing/a.js',
    );
  });

  it('follows a fixed public path and the entry’s own folder', () => {
    const fixed = {
      metaData: {
        publicPath: 'https://cdn.example/m/',
        remoteEntry: { name: 'remoteEntry.js', path: 'v2/' },
      },
    };
    expect(remoteEntryUrl(fixed, MANIFEST_URL)?.href).toBe(
      'https://cdn.example/m/v2/remoteEntry.js',
    );
  });

  it('has no entry for a manifest that names none', () => {
    expect(remoteEntryUrl({}, MANIFEST_URL)).toBeUndefined();
    expect(remoteEntryUrl({ metaData: { remoteEntry: { path: 'v2/' } } }, MANIFEST_URL)).toBe(
      undefined,
    );
  });

  it('lists the chunks behind an exposed module, at once or on demand', () => {
    expect(exposedChunkFiles(manifest, './routes', 'sync')).toEqual(['a.js']);
    expect(exposedChunkFiles(manifest, './routes', 'async')).toEqual(['b.js', 'c.js']);
    expect(exposedChunkFiles(manifest, './missing', 'sync')).toEqual([]);
    expect(exposedChunkFiles({}, './routes', 'async')).toEqual([]);
  });
});
