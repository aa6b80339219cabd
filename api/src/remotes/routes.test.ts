import { remotesManifestSchema } from 'shared-contracts/remotes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { buildRemotesManifest } from './service.ts';

describe('buildRemotesManifest', () => {
  it('points every remote at this server by default', () => {
    expect(
      buildRemotesManifest({
        marketing: undefined,
        customer: undefined,
        curbside: undefined,
        retailer: undefined,
      }),
    ).toEqual({
      marketing: '/remotes/marketing/mf-manifest.json',
      customer: '/remotes/customer/mf-manifest.json',
      curbside: '/remotes/curbside/mf-manifest.json',
      retailer: '/remotes/retailer/mf-manifest.json',
    });
  });

  it('appends the manifest to a configured base URL, with or without a trailing slash', () => {
    const manifest = buildRemotesManifest({
      marketing: 'https://cdn.example/marketing/v42/',
      customer: 'https://cdn.example/customer',
      curbside: undefined,
      retailer: 'http://localhost:3004//',
    });
    expect(manifest).toEqual({
      marketing: 'https://cdn.example/marketing/v42/mf-manifest.json',
      customer: 'https://cdn.example/customer/mf-manifest.json',
      curbside: '/remotes/curbside/mf-manifest.json',
      retailer: 'http://localhost:3004/mf-manifest.json',
    });
    expect(remotesManifestSchema.safeParse(manifest).success).toBe(true);
  });

  it('adds the load timeout only when one is configured', () => {
    const none = {
      marketing: undefined,
      customer: undefined,
      curbside: undefined,
      retailer: undefined,
    };
    expect(buildRemotesManifest(none)).not.toHaveProperty('loadTimeoutMs');
    expect(buildRemotesManifest(none, 2500)).toMatchObject({ loadTimeoutMs: 2500 });
  });
});

describeEachDatabase('GET /remotes.json', (kind) => {
  let defaults: TestServer;
  let overridden: TestServer;
  beforeAll(async () => {
    [defaults, overridden] = await Promise.all([
      startTestServer({ database: kind }),
      startTestServer({
        database: kind,
        env: {
          REMOTE_CUSTOMER_URL: 'https://customer.cdn.example/releases/7/',
          REMOTE_RETAILER_URL: 'http://localhost:3004',
          REMOTE_LOAD_TIMEOUT_MS: '4000',
        },
      }),
    ]);
  });
  afterAll(async () => {
    await defaults?.close();
    await overridden?.close();
  });

  it('defaults to the remotes this server hosts, never cached', async () => {
    const response = await defaults.fetch('/remotes.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = remotesManifestSchema.parse(await response.json());
    expect(body).toEqual({
      marketing: '/remotes/marketing/mf-manifest.json',
      customer: '/remotes/customer/mf-manifest.json',
      curbside: '/remotes/curbside/mf-manifest.json',
      retailer: '/remotes/retailer/mf-manifest.json',
    });
  });

  it('uses REMOTE_<NAME>_URL where set', async () => {
    const body = remotesManifestSchema.parse(
      await (await overridden.fetch('/remotes.json')).json(),
    );
    expect(body).toEqual({
      marketing: '/remotes/marketing/mf-manifest.json',
      customer: 'https://customer.cdn.example/releases/7/mf-manifest.json',
      curbside: '/remotes/curbside/mf-manifest.json',
      retailer: 'http://localhost:3004/mf-manifest.json',
      loadTimeoutMs: 4000,
    });
  });
});
