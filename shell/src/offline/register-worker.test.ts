import { describe, expect, it } from 'vitest';
import { urlsToKeep } from './register-worker';

const ORIGIN = 'https://curbrun.example';

describe('urlsToKeep', () => {
  const loaded = [
    `${ORIGIN}/main.0123456789.js`,
    `${ORIGIN}/remotes/curbside/mf-manifest.json`,
    `${ORIGIN}/remotes/curbside/remoteEntry.abcdef0123.js`,
    `${ORIGIN}/api/curbside-pickups/7`,
    'https://cdn.example/retailer/remoteEntry.abcdef0123.js',
    'data:image/png;base64,AAAA',
  ];

  it('hands over the files of the load and their manifests, never an API answer', () => {
    expect(urlsToKeep(loaded, ORIGIN)).toEqual([
      `${ORIGIN}/main.0123456789.js`,
      `${ORIGIN}/remotes/curbside/mf-manifest.json`,
      `${ORIGIN}/remotes/curbside/remoteEntry.abcdef0123.js`,
      'https://cdn.example/retailer/remoteEntry.abcdef0123.js',
      'https://cdn.example/retailer/mf-manifest.json',
      `${ORIGIN}/remotes.json`,
    ]);
  });
});
