import { cleanup, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { mockFetch, renderWithProviders } from 'shared-auth/testing';
import { appFileUrl, loadSitePages } from 'shared-build/site-pages';
import { ownedPath } from 'shared-contracts/pages';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts/remote-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findOwner } from './route-table';

// The contract between the shell's routing and the remotes' routes: each remote's real `./routes`
// module, rendered at every path the site's pages give, serves exactly the pages the shell
// routes to it. Both sides come from the pages' declarations; this catches a route added by
// hand, or a page the shell's table and the remote's routes read differently.

const site = await loadSitePages();

/** A path the page answers: its parameters filled in (a `*` page answers its own path). */
const sample = (path: string) => ownedPath(path.replace(/:[a-zA-Z]+/g, 'sample-id'));

const declared = Object.values(site).flatMap((pages) => pages.map((page) => page.path));
const PROBES = [
  ...new Set([
    '/no-such-page',
    ...declared.map(sample),
    ...declared.map(ownedPath),
    ...declared.map((path) => `${ownedPath(path)}/no-such-page`.replace('//', '/')),
  ]),
];

interface RoutesModule {
  default: ComponentType;
  preloadPage(pathname: string): Promise<void>;
}

async function remoteRoutes(remote: RemoteName): Promise<RoutesModule> {
  const url = appFileUrl(remote, 'src/routes.tsx');
  return (await import(/* @vite-ignore */ url)) as RoutesModule;
}

/** Whether the remote answers `path` with a page of its own (a redirect counts), not its 404. */
async function serves({ default: Routes, preloadPage }: RoutesModule, path: string) {
  // The page's code first, as the shell loads it before hydrating: it renders without suspending.
  await preloadPage(path);
  renderWithProviders(<Routes />, { path });
  const notFound =
    screen.queryByRole('heading', { level: 1, name: '404 Page Not Found' }) !== null &&
    screen.getByTestId('location').textContent === path;
  cleanup();
  return !notFound;
}

describe.each(REMOTE_NAMES)('the %s remote and the shell', (remote) => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('serve every page the remote declares, at the path the shell routes to it', async () => {
    mockFetch({});
    const routes = await remoteRoutes(remote);
    for (const page of site[remote] ?? []) {
      const path = sample(page.path);
      expect(findOwner(path), `the shell routes ${path}`).toBe(remote);
      expect(await serves(routes, path), `${remote} serves ${path}`).toBe(true);
    }
  });

  it('never have the remote serve a path the shell routes elsewhere', async () => {
    mockFetch({});
    const routes = await remoteRoutes(remote);
    const strays: string[] = [];
    for (const path of PROBES) {
      if (findOwner(path) !== remote && (await serves(routes, path))) strays.push(path);
    }
    expect(strays).toEqual([]);
  });
});
