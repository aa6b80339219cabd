import { describe, expect, it } from 'vitest';
import { isContentHashed, isReleaseManifest } from './route-rules';

const url = (href: string) => new URL(href);

describe("the worker's routes", () => {
  it('ask the network first for what names a release: /remotes.json and every manifest', () => {
    expect(isReleaseManifest(url('https://site.example/remotes.json'), true)).toBe(true);
    expect(
      isReleaseManifest(url('https://site.example/remotes/curbside/mf-manifest.json'), true),
    ).toBe(true);
    expect(isReleaseManifest(url('https://cdn.example/curbside/v7/mf-manifest.json'), false)).toBe(
      true,
    );
    // Another site's /remotes.json is none of ours.
    expect(isReleaseManifest(url('https://cdn.example/remotes.json'), false)).toBe(false);
    expect(isReleaseManifest(url('https://site.example/api/order-pickups'), true)).toBe(false);
  });

  it('keep only files whose name carries a content hash', () => {
    expect(
      isContentHashed(url('https://site.example/remotes/curbside/remoteEntry.c58c4515ce.js')),
    ).toBe(true);
    expect(isContentHashed(url('https://site.example/assets/robot.0123456789.svg'))).toBe(true);
    expect(isContentHashed(url('https://site.example/remotes/curbside/remoteEntry.js'))).toBe(
      false,
    );
    expect(isContentHashed(url('https://site.example/sw.js'))).toBe(false);
    expect(isContentHashed(url('https://site.example/api/curbside-pickups/0123456789.json'))).toBe(
      false,
    );
  });
});
