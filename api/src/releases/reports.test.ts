import { releasesStatusSchema } from 'shared-contracts/releases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { waitFor } from '../../test/wait-for.ts';
import { scrubMessage } from './reports.ts';
import { createTestSite, deployedRelease, type TestSite } from './test-site.ts';
import { TestVisitor } from './test-visitor.ts';

async function marketing(server: TestServer) {
  const body = releasesStatusSchema.parse(
    await (await server.fetch('/api/operator/releases/marketing')).json(),
  );
  const remote = body.remotes[0];
  if (!remote) throw new Error('no marketing in the status');
  return remote;
}

/** A site whose marketing remote runs a canary for `percent` of visitors. */
async function siteWithCanary(kind: 'pglite' | 'postgres', percent: string, env = {}) {
  const site = await createTestSite();
  const server = await startTestServer({
    database: kind,
    staticRoot: site.staticRoot,
    seed: false,
    env,
  });
  const build = await site.build('bbbbbbbbbb', 'canary B');
  const canary = deployedRelease(await site.deploy('--from', build, '--canary', percent));
  await server.app.releases.refresh();
  const stable = (await marketing(server)).stable?.release ?? '';
  return { site, server, canary, stable };
}

/** A new visitor the registry assigned `release` (it assigns at random: ask until it does). */
async function visitorOn(server: TestServer, release: string) {
  for (let i = 0; i < 200; i += 1) {
    const visitor = new TestVisitor();
    const { config } = await visitor.remotes(server);
    if (config.releases?.marketing === release) return { visitor, token: config.report ?? '' };
  }
  throw new Error(`no visitor got ${release}`);
}

const view = (token: string, release: string, extra: object = {}) => ({
  token,
  remotes: [{ remote: 'marketing', release, view: true, ...extra }],
});
const renderError = { kind: 'render', name: 'Error', message: 'boom while rendering' };

describe('scrubMessage', () => {
  it('keeps what broke and drops what could name someone', () => {
    expect(scrubMessage('Cannot read properties of undefined (reading "map")')).toBe(
      'Cannot read properties of undefined (reading "map")',
    );
    expect(scrubMessage('No account for dana@curbrun.test (order 1234567)')).toBe(
      'No account for <email> (order <n>)',
    );
    expect(scrubMessage('GET https://curbrun.example/api/x?token=secret failed')).toBe(
      'GET https://curbrun.example/api/x failed',
    );
    expect(scrubMessage('session 9f8e7d6c5b4a39281706f5e4 expired')).toBe('session <id> expired');
  });
});

describeEachDatabase('release reports', (kind) => {
  let site: TestSite;
  let server: TestServer;
  let canary: string;
  let stable: string;

  beforeAll(async () => {
    ({ site, server, canary, stable } = await siteWithCanary(kind, '50'));
  });
  afterAll(async () => {
    await server?.close();
    await site?.remove();
  });

  it('counts a page view once, and each kind of error once per page view', async () => {
    const { visitor, token } = await visitorOn(server, canary);
    const first = await visitor.report(server, view(token, canary));
    expect(first.status).toBe(202);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ counted: true });
    expect(await (await visitor.report(server, view(token, canary))).json()).toEqual({
      counted: false,
    });
    const failed = view(token, canary, { errors: [renderError], vitals: { lcp: 1234.5 } });
    expect(await (await visitor.report(server, failed)).json()).toEqual({ counted: true });
    expect(await (await visitor.report(server, failed)).json()).toEqual({ counted: false });
    // The next page load is another page view.
    const { config } = await visitor.remotes(server);
    expect(await (await visitor.report(server, view(config.report ?? '', canary))).json()).toEqual({
      counted: true,
    });
    const figures = (await marketing(server)).canary;
    expect(figures).toMatchObject({
      pageViews: 2,
      erroredPageViews: 1,
      errorRate: 0.5,
      errors: { manifest: 0, entry: 0, chunk: 0, render: 1, unhandled: 0 },
      vitals: { lcp: 1235, inp: null, cls: null },
      topErrors: [{ kind: 'render', name: 'Error', message: 'boom while rendering', pageViews: 1 }],
    });
  });

  it('counts only releases the signed page token names, for the browser it was given to', async () => {
    const onStable = await visitorOn(server, stable);
    const onCanary = await visitorOn(server, canary);
    const refused = async (response: Response, message: string) => {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message });
    };
    // A stable visitor claiming canary errors: the page was not served the canary.
    await refused(
      await onStable.visitor.report(
        server,
        view(onStable.token, canary, { errors: [renderError] }),
      ),
      `This page was not served release ${canary} of marketing.`,
    );
    // Another browser's page token.
    await refused(
      await onStable.visitor.report(server, view(onCanary.token, canary)),
      'The page token is not one this site gave to this browser.',
    );
    // No assignment cookie at all.
    await refused(
      await new TestVisitor().report(server, view(onCanary.token, canary)),
      'This browser has no release assignment: reports come from pages of this site.',
    );
    // A token whose releases were edited.
    const [body, signature] = onStable.token.split('.');
    const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    payload.r.marketing = canary;
    const edited = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    await refused(
      await onStable.visitor.report(server, view(edited, canary)),
      'The page token is not one this site gave to this browser.',
    );
    // Nothing of that was counted.
    expect((await marketing(server)).stable?.pageViews).toBe(0);
  });

  it('refuses anything but the small report it expects', async () => {
    const { visitor, token } = await visitorOn(server, stable);
    /** The status, and the field the answer names (or its message when it names none). */
    const refusal = async (body: unknown) => {
      const response = await visitor.report(server, body);
      const answer = (await response.json()) as {
        message: string;
        issues?: Array<{ path: string }>;
      };
      return [response.status, answer.issues?.[0]?.path ?? answer.message];
    };
    const tooLong = { ...renderError, message: 'x'.repeat(161) };
    expect(await refusal({ ...view(token, stable), url: 'https://curbrun.example/' })).toEqual([
      400,
      '',
    ]);
    expect(await refusal(view(token, stable, { errors: [tooLong] }))).toEqual([
      400,
      'remotes.0.errors.0.message',
    ]);
    expect(
      await refusal(view(token, stable, { errors: [{ ...renderError, kind: 'network' }] })),
    ).toEqual([400, 'remotes.0.errors.0.kind']);
    expect(
      await refusal(view(token, stable, { errors: Array.from({ length: 6 }, () => renderError) })),
    ).toEqual([400, 'remotes.0.errors']);
    expect(await refusal(view(token, stable, { user: 'dana' }))).toEqual([400, 'remotes.0']);
    expect(await refusal(view(token, 'not-a-release'))).toEqual([400, 'remotes.0.release']);
    expect(await refusal({ token, remotes: [{ remote: 'shop', release: stable }] })).toEqual([
      400,
      'remotes.0.remote',
    ]);
    expect(await refusal(view(token, stable, { vitals: { lcp: -1 } }))).toEqual([
      400,
      'remotes.0.vitals.lcp',
    ]);
    expect(await refusal({ token: 'x'.repeat(5000), remotes: [] })).toEqual([
      413,
      'The request body is too large',
    ]);
    const plain = await visitor.report(server, JSON.stringify(view(token, stable)), 'text/plain');
    expect(plain.status).toBe(415);
    expect((await marketing(server)).stable?.pageViews).toBe(0);
  });
});

describeEachDatabase('the automatic rollback', (kind) => {
  let site: TestSite;
  let server: TestServer;
  let canary: string;
  let stable: string;

  beforeAll(async () => {
    ({ site, server, canary, stable } = await siteWithCanary(kind, '50'));
  });
  afterAll(async () => {
    await server?.close();
    await site?.remove();
  });

  it('rolls a canary back once 20 page views fail at 5% and twice stable’s rate', async () => {
    for (let i = 0; i < 20; i += 1) {
      const { visitor, token } = await visitorOn(server, stable);
      const errors = i < 1 ? [renderError] : [];
      expect((await visitor.report(server, view(token, stable, { errors }))).status).toBe(202);
    }
    // 19 canary page views, all failing: not yet 20.
    const canaryVisitors: TestVisitor[] = [];
    for (let i = 0; i < 19; i += 1) {
      const { visitor, token } = await visitorOn(server, canary);
      canaryVisitors.push(visitor);
      const report = view(token, canary, { errors: [renderError] });
      expect((await visitor.report(server, report)).status).toBe(202);
    }
    await server.app.releases.refresh();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await marketing(server)).canary?.state).toBe('canary');

    // The 20th crosses the line (19 of 20 failed, against stable's 1 of 20).
    const { visitor, token } = await visitorOn(server, canary);
    canaryVisitors.push(visitor);
    await visitor.report(server, view(token, canary, { errors: [renderError] }));
    await waitFor(
      async () => {
        const first = canaryVisitors[0];
        if (!first) return false;
        const { config } = await first.remotes(server);
        return config.releases?.marketing === stable;
      },
      { timeoutMs: 10_000, what: 'former canary visitors to get stable' },
    );
    // Every former canary visitor gets stable now, page and /remotes.json alike.
    for (const former of canaryVisitors) {
      const page = await former.page(server, '/about-us');
      expect(page.config.releases?.marketing).toBe(stable);
      expect(page.html).toContain('stable A');
    }
    const state = await marketing(server);
    expect(state.stable).toMatchObject({ release: stable, share: 100 });
    expect(state.canary).toMatchObject({ release: canary, state: 'rolled back', share: 0 });
    expect(state.canary?.reason).toBe(
      "rolled back automatically: error rate 100.0% (20 of 20 page views) reached 5.0% and 2 times stable's 5.0% (1 of 20 page views)",
    );
    expect(state.transitions[0]).toMatchObject({
      release: canary,
      state: 'rolled back',
      by: 'server',
    });
  });
});

describeEachDatabase('automatic promotion', (kind) => {
  let site: TestSite;
  let server: TestServer;
  let canary: string;

  beforeAll(async () => {
    ({ site, server, canary } = await siteWithCanary(kind, '50', {
      RELEASE_AUTO_PROMOTE_AFTER: '5',
    }));
  });
  afterAll(async () => {
    await server?.close();
    await site?.remove();
  });

  it('never follows from reports, only from pages the server sent', async () => {
    // Clean reports from 30 page tokens (each /remotes.json gives one): no page was sent.
    for (let i = 0; i < 30; i += 1) {
      const { visitor, token } = await visitorOn(server, canary);
      expect((await visitor.report(server, view(token, canary))).status).toBe(202);
    }
    await server.app.releases.refresh();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await marketing(server)).canary).toMatchObject({ state: 'canary', pageViews: 30 });

    // Five pages of the remote sent to canary visitors, none failing.
    for (let i = 0; i < 5; i += 1) {
      const { visitor } = await visitorOn(server, canary);
      expect((await visitor.page(server, '/about-us')).html).toContain('canary B');
    }
    await server.app.releases.refresh();
    const state = await waitFor(
      async () => {
        const now = await marketing(server);
        return now.stable?.release === canary ? now : undefined;
      },
      { timeoutMs: 10_000, what: 'the canary to be promoted' },
    );
    expect(state.stable?.state).toBe('promoted');
    expect(state.stable?.reason).toBe(
      'promoted automatically: 5 pages served with 0 errored page views (under 5.0%; automatic promotion after 5)',
    );
  });
});

describe('the report limit per visitor', () => {
  let site: TestSite;
  let server: TestServer;
  let stable: string;

  beforeAll(async () => {
    ({ site, server, stable } = await siteWithCanary('pglite', '1', {
      RELEASE_REPORTS_PER_MINUTE: '3',
    }));
  });
  afterAll(async () => {
    await server?.close();
    await site?.remove();
  });

  it('answers 429 beyond it, for that visitor only', async () => {
    const { visitor, token } = await visitorOn(server, stable);
    for (let i = 0; i < 3; i += 1) {
      expect((await visitor.report(server, view(token, stable))).status).toBe(202);
    }
    const limited = await visitor.report(server, view(token, stable));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many reports from this browser.' });
    const other = await visitorOn(server, stable);
    expect((await other.visitor.report(server, view(other.token, stable))).status).toBe(202);
  });
});
