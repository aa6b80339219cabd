import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { releasesStatusSchema } from 'shared-contracts/releases';
import { remotesManifestSchema } from 'shared-contracts/remotes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableDatabases,
  createTestDatabaseTarget,
  describeEachDatabase,
  startTestServer,
  type TestDatabaseTarget,
  type TestServer,
} from '../../test/harness.ts';
import { waitFor } from '../../test/wait-for.ts';
import { createTestSite, deployedRelease, type TestSite } from './test-site.ts';
import { TestVisitor } from './test-visitor.ts';

async function status(server: TestServer) {
  const response = await server.fetch('/api/operator/releases/marketing');
  expect(response.status).toBe(200);
  const body = releasesStatusSchema.parse(await response.json());
  const remote = body.remotes[0];
  if (!remote) throw new Error('no remote in the status');
  return remote;
}

describeEachDatabase('canary releases: deploy, assignment and pages', (kind) => {
  let site: TestSite;
  let server: TestServer;
  let stableRelease: string;
  let canaryRelease: string;

  beforeAll(async () => {
    site = await createTestSite();
    server = await startTestServer({ database: kind, staticRoot: site.staticRoot, seed: false });
  });
  afterAll(async () => {
    await server?.close();
    await site?.remove();
  });

  it('serves /remotes.json and pages as before while no release is recorded', async () => {
    const visitor = new TestVisitor();
    const { response, config } = await visitor.remotes(server);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(config).toEqual({
      marketing: '/remotes/marketing/mf-manifest.json',
      customer: '/remotes/customer/mf-manifest.json',
      curbside: '/remotes/curbside/mf-manifest.json',
      retailer: '/remotes/retailer/mf-manifest.json',
    });
    const page = await visitor.page(server, '/about-us');
    expect(page.html).toContain('<main>/about-us: stable A</main>');
  });

  it('takes a canary deployed beside stable within 10 s, without a restart', async () => {
    const build = await site.build('bbbbbbbbbb', 'canary B');
    canaryRelease = deployedRelease(await site.deploy('--from', build, '--canary', '50'));
    // The stable build was adopted as a release and is untouched.
    const files = await readdir(site.served);
    expect(files).toContain('remoteEntry.aaaaaaaaaa.js');
    expect(files).toContain('remoteEntry.bbbbbbbbbb.js');
    expect(files).toContain(`mf-manifest.${canaryRelease}.json`);
    const visitor = new TestVisitor();
    // No refresh() here: the server's own poll finds the command.
    const config = await waitFor(
      async () => {
        const { config } = await visitor.remotes(server);
        return config.releases ? config : undefined;
      },
      { timeoutMs: 10_000, what: 'the canary to be taken' },
    );
    expect(remotesManifestSchema.parse(config)).toMatchObject({ releases: {} });
    const state = await status(server);
    stableRelease = state.stable?.release ?? '';
    expect(state.stable).toMatchObject({ state: 'stable', share: 50 });
    expect(state.canary).toMatchObject({ release: canaryRelease, state: 'canary', share: 50 });
    expect(state.canary?.reason).toBe('deployed as canary for 50% of visitors');
    expect(files).toContain(`mf-manifest.${stableRelease}.json`);
    // Untouched: the folder's own manifest is still stable A's.
    const plain = await server.fetch('/remotes/marketing/mf-manifest.json');
    expect(await plain.text()).toContain('remoteEntry.aaaaaaaaaa.js');
  });

  it('assigns each visitor stable or canary at the share, sticky, with a signed cookie', async () => {
    const seen = { [canaryRelease]: 0, [stableRelease]: 0 };
    for (let i = 0; i < 60; i += 1) {
      const visitor = new TestVisitor();
      const { response, config } = await visitor.remotes(server);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.headers.get('vary')).toMatch(/cookie/i);
      const cookie = response.headers.getSetCookie()[0] ?? '';
      expect(cookie).toMatch(
        /^curbrun_release=[\w-]{22}\.[\w-]{22}; Path=\/; Max-Age=15552000; HttpOnly; SameSite=Lax$/,
      );
      const release = config.releases?.marketing ?? '';
      seen[release] = (seen[release] ?? 0) + 1;
      expect(config.marketing).toBe(`/remotes/marketing/mf-manifest.${release}.json`);
      // The same answer on every later request, and no new cookie.
      for (let again = 0; again < 3; again += 1) {
        const later = await visitor.remotes(server);
        expect(later.config.releases?.marketing).toBe(release);
        expect(later.response.headers.getSetCookie()).toEqual([]);
      }
    }
    expect(Object.keys(seen).sort()).toEqual([canaryRelease, stableRelease].sort());
    expect(seen[canaryRelease]).toBeGreaterThan(15);
    expect(seen[stableRelease]).toBeGreaterThan(15);
  });

  it('treats a forged cookie as a new visitor', async () => {
    const visitor = new TestVisitor();
    await visitor.remotes(server);
    const value = (visitor.cookie ?? '').split('=')[1] ?? '';
    const tampered = `curbrun_release=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    const forged = new TestVisitor(tampered);
    const { response } = await forged.remotes(server);
    expect(response.headers.getSetCookie()[0]).toMatch(/^curbrun_release=/);
    expect(forged.cookie).not.toBe(tampered);
  });

  it("renders each visitor's page with their release's Node build, hints and manifest", async () => {
    const byRelease = new Map<string, { html: string }>();
    for (let i = 0; i < 40 && byRelease.size < 2; i += 1) {
      const visitor = new TestVisitor();
      const page = await visitor.page(server, '/about-us');
      expect(page.response.headers.get('cache-control')).toBe('private, no-cache');
      expect(page.response.headers.get('vary')).toMatch(/cookie/i);
      const release = page.config.releases?.marketing ?? '';
      byRelease.set(release, { html: page.html });
      // The page's configuration is exactly what /remotes.json tells the same visitor (but for
      // the page token, one per page).
      const { config } = await visitor.remotes(server);
      expect({ ...config, report: undefined }).toEqual({ ...page.config, report: undefined });
    }
    const canary = byRelease.get(canaryRelease)?.html ?? '';
    const stable = byRelease.get(stableRelease)?.html ?? '';
    expect(canary).toContain('<main>/about-us: canary B</main>');
    expect(canary).toContain(
      `{"/remotes/marketing/mf-manifest.${canaryRelease}.json":"/remotes/marketing/remoteEntry.bbbbbbbbbb.js"}`,
    );
    expect(canary).toContain('href="/remotes/marketing/about.bbbbbbbbbb.js"');
    expect(canary).not.toContain('aaaaaaaaaa');
    expect(stable).toContain('<main>/about-us: stable A</main>');
    expect(stable).toContain('href="/remotes/marketing/remoteEntry.aaaaaaaaaa.js"');
    expect(stable).not.toContain('bbbbbbbbbb');
  });

  it('serves release manifests as immutable files and keeps the registry folder private', async () => {
    const manifest = await server.fetch(`/remotes/marketing/mf-manifest.${canaryRelease}.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const file of [
      `releases/${canaryRelease}/server/routes.js`,
      `releases/${canaryRelease}/page-chunks.json`,
    ]) {
      expect((await server.fetch(`/remotes/marketing/${file}`)).status).toBe(404);
    }
  });

  it('promotes the canary for everyone, then rolls stable back to the release before it', async () => {
    await site.deploy('--promote');
    await server.app.releases.refresh();
    for (let i = 0; i < 10; i += 1) {
      const { config } = await new TestVisitor().remotes(server);
      expect(config.releases?.marketing).toBe(canaryRelease);
    }
    let state = await status(server);
    expect(state.stable).toMatchObject({ release: canaryRelease, state: 'promoted', share: 100 });
    expect(state.stable?.reason).toBe('promoted by an operator');

    await site.deploy('--rollback');
    await server.app.releases.refresh();
    const page = await new TestVisitor().page(server, '/about-us');
    expect(page.config.releases?.marketing).toBe(stableRelease);
    expect(page.html).toContain('stable A');
    state = await status(server);
    expect(state.stable).toMatchObject({ release: stableRelease, state: 'stable' });
    expect(
      state.transitions.slice(0, 2).map((line) => [line.release, line.state, line.by]),
    ).toEqual([
      [stableRelease, 'stable', 'operator'],
      [canaryRelease, 'rolled back', 'operator'],
    ]);
  });

  it('falls back to the folder’s manifest when a release’s files are gone', async () => {
    const build = await site.build('cccccccccc', 'canary C');
    const release = deployedRelease(await site.deploy('--from', build, '--canary', '100'));
    await server.app.releases.refresh();
    expect((await new TestVisitor().remotes(server)).config.releases?.marketing).toBe(release);
    await rm(path.join(site.served, `mf-manifest.${release}.json`));
    await server.app.releases.refresh();
    expect((await new TestVisitor().remotes(server)).config.releases?.marketing).toBe(
      stableRelease,
    );
  });
});

describe('the operator routes', () => {
  let open: TestServer;
  let production: TestServer;
  let withToken: TestServer;
  const token = 'operator-token-0123456789abcdef';
  beforeAll(async () => {
    [open, production, withToken] = await Promise.all([
      startTestServer({ seed: false }),
      startTestServer({ seed: false, env: { NODE_ENV: 'production' } }),
      startTestServer({ seed: false, env: { OPERATOR_TOKEN: token } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([open?.close(), production?.close(), withToken?.close()]);
  });

  it('answer this machine outside production when no token is set', async () => {
    const response = await open.fetch('/api/operator/releases');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = releasesStatusSchema.parse(await response.json());
    expect(body.rule).toEqual({
      minPageViews: 20,
      minErrorRate: 0.05,
      stableFactor: 2,
      autoPromoteAfter: null,
    });
    expect(body.remotes.map((remote) => remote.remote)).toEqual([
      'marketing',
      'customer',
      'curbside',
      'retailer',
    ]);
  });

  it('are off in production without a token', async () => {
    const response = await production.fetch('/api/operator/releases');
    expect(response.status).toBe(404);
  });

  it('need the bearer token when one is set', async () => {
    expect((await withToken.fetch('/api/operator/releases')).status).toBe(401);
    const wrong = await withToken.fetch('/api/operator/releases', {
      headers: { authorization: 'Bearer operator-token-0123456789abcdeX' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    const right = await withToken.fetch('/api/operator/releases/curbside', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.status).toBe(200);
    expect(releasesStatusSchema.parse(await right.json()).remotes).toEqual([
      { remote: 'curbside', stable: null, canary: null, transitions: [] },
    ]);
    const unknown = await withToken.fetch('/api/operator/releases/shop', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknown.status).toBe(400);
  });
});

// Several API processes on one PostgreSQL database (what docs/deploy.md's load balancer setup is).
describe.runIf(availableDatabases().includes('postgres'))('two API processes [postgres]', () => {
  let site: TestSite;
  let target: TestDatabaseTarget;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    site = await createTestSite();
    target = await createTestDatabaseTarget('postgres', { migrated: true });
    first = await startTestServer({ database: target, staticRoot: site.staticRoot, seed: false });
    second = await startTestServer({ database: target, staticRoot: site.staticRoot, seed: false });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await target?.drop();
    await site?.remove();
  });

  it('apply a deploy once and serve every visitor the same release', async () => {
    const build = await site.build('bbbbbbbbbb', 'canary B');
    const canary = deployedRelease(await site.deploy('--from', build, '--canary', '50'));
    await Promise.all([first.app.releases.refresh(), second.app.releases.refresh()]);
    const lines = (await status(first)).transitions;
    expect(lines.filter((line) => line.state === 'canary')).toHaveLength(1);
    expect(await status(second)).toEqual(await status(first));

    const releases = new Set<string>();
    for (let i = 0; i < 30; i += 1) {
      const visitor = new TestVisitor();
      const a = await visitor.remotes(first);
      const b = await visitor.remotes(second);
      const page = await visitor.page(i % 2 ? first : second, '/about-us');
      expect(b.config.releases).toEqual(a.config.releases);
      expect(page.config.releases).toEqual(a.config.releases);
      releases.add(a.config.releases?.marketing ?? '');
    }
    expect(releases.has(canary)).toBe(true);
    expect(releases.size).toBe(2);
  });

  it('follow a change made through the other within 10 s', async () => {
    await site.deploy('--rollback');
    // Only the first reads the command; the second hears it through the database.
    await first.app.releases.refresh();
    await waitFor(
      async () => {
        for (let i = 0; i < 10; i += 1) {
          const { config } = await new TestVisitor().remotes(second);
          if (config.releases?.marketing !== (await status(first)).stable?.release) return false;
        }
        return true;
      },
      { timeoutMs: 10_000, what: 'the second process to drop the canary' },
    );
  });
});
