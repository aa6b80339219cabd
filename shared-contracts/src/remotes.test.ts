import { describe, expect, it } from 'vitest';
import { remoteManifestUrlSchema, remotesManifestSchema } from './remotes.ts';

describe('remoteManifestUrlSchema', () => {
  it.each([
    '/remotes/marketing/mf-manifest.json',
    'https://cdn.example/customer/mf-manifest.json',
    'http://localhost:3003/mf-manifest.json',
    'https://cdn.example/retailer/mf-manifest.json?v=42',
  ])('accepts %s', (value) => {
    expect(remoteManifestUrlSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['a relative path', 'remotes/marketing/mf-manifest.json'],
    ['a protocol-relative URL', '//cdn.example/mf-manifest.json'],
    ['another protocol', 'ftp://cdn.example/mf-manifest.json'],
    ['javascript:', 'javascript:alert(1)//.json'],
    ['a script instead of a manifest', 'https://cdn.example/remoteEntry.js'],
    ['a bare host', 'https://cdn.example'],
    ['whitespace', '/remotes/market ing/mf-manifest.json'],
    ['a NUL in the query', '/remotes/marketing/mf-manifest.json?v=\u0000'],
    ['a control character in the path', 'https://cdn.example/a\u0001b/mf-manifest.json'],
    ['an empty string', ''],
  ])('rejects %s', (_label, value) => {
    const result = remoteManifestUrlSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Must be an absolute http(s) URL or a root-relative path ending in .json',
    );
  });
});

describe('remotesManifestSchema', () => {
  const valid = {
    marketing: '/remotes/marketing/mf-manifest.json',
    customer: '/remotes/customer/mf-manifest.json',
    curbside: '/remotes/curbside/mf-manifest.json',
    retailer: 'https://cdn.example/retailer/mf-manifest.json',
  };

  it('accepts all four remotes', () => {
    expect(remotesManifestSchema.parse(valid)).toEqual(valid);
  });

  it('names the remote whose entry is missing or malformed', () => {
    const { curbside: _omitted, ...missing } = valid;
    expect(remotesManifestSchema.safeParse(missing).error?.issues[0]?.path).toEqual(['curbside']);
    const malformed = remotesManifestSchema.safeParse({ ...valid, customer: 'nope' });
    expect(malformed.error?.issues[0]?.path).toEqual(['customer']);
  });

  it('takes an optional whole-millisecond load timeout within bounds', () => {
    expect(remotesManifestSchema.parse({ ...valid, loadTimeoutMs: 3000 })).toEqual({
      ...valid,
      loadTimeoutMs: 3000,
    });
    for (const bad of [999, 120_001, 1.5, '3000']) {
      const result = remotesManifestSchema.safeParse({ ...valid, loadTimeoutMs: bad });
      expect(result.error?.issues[0]?.path).toEqual(['loadTimeoutMs']);
    }
  });
});
