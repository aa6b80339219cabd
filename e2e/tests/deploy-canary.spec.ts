import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { type ExtraServer, startExtraServer } from '../fixtures/extra-server';
import { expect, test } from '../fixtures/test';
import { collectCspViolations, describeViolations } from '../support/csp-guard';
import { createPostgresDatabase, postgresUnavailable } from '../support/postgres';
import {
  type BuiltRemote,
  buildRemoteCopy,
  REPO_ROOT,
  type RemoteName,
  servedRemoteDist,
} from '../support/remote-build';

// The canary drill (docs/decisions/019-canary-releases.md): two API processes on one PostgreSQL
// database serve the site. A broken build of marketing goes to half the visitors; they see the
// fallback panel, the others nothing new; the server rolls it back by itself and everyone gets
// the working page again, former canary visitors included. Then a healthy build goes out as a
// canary and is promoted for everyone. Both processes agree throughout.
test.describe.configure({ mode: 'serial', timeout: 420_000 });

// A lower bar than the default 20 page views, so the drill needs fewer browsers; the default
// rule itself is tested in api/src/releases/reports.test.ts.
const MIN_PAGE_VIEWS = 8;
const RELEASE_2_TITLE = 'About Us · release 2';
const PANEL = 'This section is unavailable right now';

let root: string;
/** The folder both processes serve marketing from: where releases are deployed. */
let served: string;
let servers: ExtraServer[] = [];
let database: { url: string; drop(): Promise<void> } | undefined;
let broken: BuiltRemote;
let healthy: BuiltRemote;

async function deploy(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(REPO_ROOT, 'scripts', 'deploy-remote.mjs'), 'marketing', served, ...args],
    { cwd: REPO_ROOT },
  );
  return /release ([0-9a-f]{10})/.exec(stdout)?.[1] ?? '';
}

interface ReleaseSummary {
  release: string;
  state: string;
  share: number;
  pageViews: number;
  reason: string;
  vitals: { lcp: number | null; inp: number | null; cls: number | null };
}

interface ReleaseState {
  stable: ReleaseSummary | null;
  canary: ReleaseSummary | null;
}

/** What a process's operator route says of marketing (open to this machine outside production). */
async function marketing(server: ExtraServer): Promise<ReleaseState> {
  const response = await fetch(`${server.baseURL}/api/operator/releases/marketing`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { remotes: ReleaseState[] };
  const remote = body.remotes[0];
  if (!remote) throw new Error('no marketing in the operator status');
  return { stable: remote.stable, canary: remote.canary };
}

/** Both processes report the same state (within the few seconds a change takes to reach both). */
async function expectProcessesAgree(check: (state: ReleaseState) => boolean) {
  await expect
    .poll(
      async () => {
        const [a, b] = await Promise.all(servers.map(marketing));
        return JSON.stringify(a) === JSON.stringify(b) && a !== undefined && check(a);
      },
      { timeout: 10_000, message: 'both API processes to agree on the releases' },
    )
    .toBe(true);
}

interface Visit {
  context: BrowserContext;
  page: Page;
  release: string;
  violations: Awaited<ReturnType<typeof collectCspViolations>>;
}

/**
 * A new visitor (fresh context) opens /about-us on `server`; resolves once the page has reported
 * on its release, with the release the server assigned it.
 */
async function visit(browser: Browser, server: ExtraServer): Promise<Visit> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const violations = await collectCspViolations(context);
  const page = await context.newPage();
  const reported = page.waitForResponse(
    (response) => response.url().endsWith('/api/releases/reports') && response.status() === 202,
    { timeout: 30_000 },
  );
  await page.goto('/about-us');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await reported;
  // The same cookie on either process gives the same release.
  const releases = await Promise.all(
    servers.map(async (each) => {
      const config = await (await context.request.get(`${each.baseURL}/remotes.json`)).json();
      return config.releases?.marketing as string;
    }),
  );
  expect(releases[1]).toBe(releases[0]);
  return { context, page, release: releases[0] ?? '', violations };
}

async function expectWorkingPage(page: Page, title = 'About Us') {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: PANEL })).toHaveCount(0);
}

/**
 * The visitor presses a key (their first input settles the page's largest paint) and leaves the
 * tab: the page's Web Vitals go out, and count for its release.
 */
async function expectWebVitalsReported(visitor: Visit, server: ExtraServer) {
  const reported = () =>
    visitor.page.waitForResponse(
      (response) => response.url().endsWith('/api/releases/reports') && response.status() === 202,
    );
  const largestPaint = reported();
  await visitor.page.keyboard.press('Shift');
  await largestPaint;
  const onHide = reported();
  await visitor.page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await onHide;
  await expect
    .poll(async () => {
      const state = await marketing(server);
      const summary = [state.stable, state.canary].find(
        (each) => each?.release === visitor.release,
      );
      return summary?.vitals.lcp ?? null;
    })
    .toBeGreaterThan(0);
}

async function close(visit: Visit) {
  expect(visit.violations, describeViolations(visit.violations)).toEqual([]);
  await visit.context.close();
}

test.beforeAll(async () => {
  test.setTimeout(420_000);
  const unavailable = await postgresUnavailable();
  if (unavailable && process.env.CI) throw new Error(unavailable);
  test.skip(unavailable !== undefined, unavailable ?? '');

  // The built site, with marketing in a folder of its own to deploy into.
  root = await mkdtemp(path.join(os.tmpdir(), 'curbrun-canary-'));
  const site = process.env.DIST_ROOT ?? REPO_ROOT;
  await symlink(path.join(site, 'shell'), path.join(root, 'shell'));
  for (const name of ['customer', 'curbside', 'retailer'] satisfies RemoteName[]) {
    await symlink(path.join(site, `mfe-${name}`), path.join(root, `mfe-${name}`));
  }
  served = path.join(root, 'mfe-marketing', 'dist');
  await mkdir(path.dirname(served), { recursive: true });
  await cp(servedRemoteDist('marketing'), served, { recursive: true });

  // Two new builds of marketing, as its team would make them: one that throws while rendering
  // its routes, one with a visible change.
  [broken, healthy] = await Promise.all([
    buildRemoteCopy({
      remote: 'marketing',
      edits: [
        {
          file: 'src/routes.tsx',
          find: "const MarketingRoutes: RemoteRoutesModule['default'] = routes.default;",
          replace:
            "const MarketingRoutes: RemoteRoutesModule['default'] = () => {\n  throw new Error('This release cannot render its routes');\n};",
        },
      ],
    }),
    buildRemoteCopy({
      remote: 'marketing',
      edits: [
        {
          file: 'src/features/about-us/about-us-page.tsx',
          find: 'title="About Us"',
          replace: `title="${RELEASE_2_TITLE}"`,
        },
      ],
    }),
  ]);

  database = await createPostgresDatabase();
  const env = {
    DATABASE_URL: database.url,
    STATIC_ROOT: root,
    RETAILER_DEMO_TRAFFIC: 'off',
    RELEASE_ROLLBACK_MIN_PAGE_VIEWS: String(MIN_PAGE_VIEWS),
  };
  // One after the other: the first migrates and seeds the new database.
  servers = [await startExtraServer(env)];
  servers.push(await startExtraServer(env));
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
  await broken?.remove();
  await healthy?.remove();
  if (root) await rm(root, { recursive: true, force: true });
});

test('a broken canary: its visitors get the panel, then everyone gets stable again', async ({
  browser,
}) => {
  const canary = await deploy('--from', broken.dist, '--canary', '50');
  await expectProcessesAgree(
    (state) => state.canary?.release === canary && state.canary.share === 50,
  );
  const stable = (await marketing(servers[0] as ExtraServer)).stable?.release ?? '';

  // Fresh visitors, on both processes in turn, until the rule rolls the canary back.
  const formerCanaryVisitors: Visit[] = [];
  let canaryVisits = 0;
  let stableVisits = 0;
  for (let i = 0; i < 60; i += 1) {
    const server = servers[i % 2] as ExtraServer;
    const visitor = await visit(browser, server);
    if (visitor.release === canary) {
      canaryVisits += 1;
      // Never a broken page: the site around it, the panel where the section would be.
      const panel = visitor.page.getByRole('alert').filter({ hasText: PANEL });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(visitor.page.getByRole('contentinfo')).toBeVisible();
    } else {
      expect(visitor.release).toBe(stable);
      stableVisits += 1;
      await expectWorkingPage(visitor.page);
    }
    if (visitor.release === canary && formerCanaryVisitors.length < 2) {
      formerCanaryVisitors.push(visitor);
    } else {
      await close(visitor);
    }
    const state = await marketing(server);
    if (state.canary?.state === 'rolled back') break;
  }
  // The rule needed its page views, and the canary was rolled back by the server.
  expect(canaryVisits).toBeGreaterThanOrEqual(MIN_PAGE_VIEWS);
  expect(stableVisits).toBeGreaterThan(0);
  await expectProcessesAgree(
    (state) => state.stable?.release === stable && state.canary?.state === 'rolled back',
  );
  const { canary: rolledBack } = await marketing(servers[1] as ExtraServer);
  expect(rolledBack?.reason).toMatch(
    /^rolled back automatically: error rate 100\.0% \(\d+ of \d+ page views\)/,
  );

  // A former canary visitor: Retry on the panel loads stable.
  const [retrying, reloading] = formerCanaryVisitors;
  if (!retrying || !reloading) throw new Error('expected two canary visitors');
  await retrying.page
    .getByRole('alert')
    .filter({ hasText: PANEL })
    .getByRole('button', { name: 'Retry' })
    .click();
  await expectWorkingPage(retrying.page);
  // Another gets stable at the next page load.
  await reloading.page.reload();
  await expectWorkingPage(reloading.page);
  await close(retrying);
  await close(reloading);

  // Every later visitor, on either process, gets the working page.
  for (let i = 0; i < 4; i += 1) {
    const visitor = await visit(browser, servers[i % 2] as ExtraServer);
    expect(visitor.release).toBe(stable);
    await expectWorkingPage(visitor.page);
    await close(visitor);
  }

  // The operator's view says what happened.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(REPO_ROOT, 'scripts', 'releases.mjs'),
      'marketing',
      '--url',
      servers[0]?.baseURL ?? '',
    ],
    { cwd: REPO_ROOT },
  );
  expect(stdout).toContain(`canary  ${canary}  rolled back since`);
  expect(stdout).toContain(`${canary}  rolled back by server: rolled back automatically`);
});

test('a healthy canary, promoted by hand, reaches everyone', async ({ browser }) => {
  const canary = await deploy('--from', healthy.dist, '--canary', '50');
  await expectProcessesAgree(
    (state) => state.canary?.release === canary && state.canary.state === 'canary',
  );
  const stable = (await marketing(servers[0] as ExtraServer)).stable?.release ?? '';

  // Until it is promoted, half the visitors get it and the others keep stable.
  const seen = new Set<string>();
  let stableVisitor: Visit | undefined;
  for (let i = 0; i < 20 && (seen.size < 2 || !stableVisitor); i += 1) {
    const visitor = await visit(browser, servers[i % 2] as ExtraServer);
    seen.add(visitor.release);
    await expectWorkingPage(
      visitor.page,
      visitor.release === canary ? RELEASE_2_TITLE : 'About Us',
    );
    if (i === 0) await expectWebVitalsReported(visitor, servers[0] as ExtraServer);
    if (visitor.release === stable && !stableVisitor) stableVisitor = visitor;
    else await close(visitor);
  }
  expect([...seen].sort()).toEqual([canary, stable].sort());

  await deploy('--promote');
  await expectProcessesAgree((state) => state.stable?.release === canary && state.canary === null);
  // The stable visitor gets it at their next page load, and so does everyone new, on either process.
  if (!stableVisitor) throw new Error('expected a stable visitor');
  await stableVisitor.page.reload();
  await expectWorkingPage(stableVisitor.page, RELEASE_2_TITLE);
  await close(stableVisitor);
  for (let i = 0; i < 4; i += 1) {
    const visitor = await visit(browser, servers[i % 2] as ExtraServer);
    expect(visitor.release).toBe(canary);
    await expectWorkingPage(visitor.page, RELEASE_2_TITLE);
    await close(visitor);
  }
});
