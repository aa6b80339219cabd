import type { Compiler } from '@rspack/core';
import type { SiteRoutes } from 'shared-contracts/pages';

/** The file the shell's build writes beside index.html, read by the server (api/src/ssr). */
export const ROUTE_OWNERS_FILE = 'route-owners.json';

/**
 * Writes the site's route table (site-pages.ts, from every app's page declarations) as
 * `route-owners.json` into the shell's build: the server routes a page to its remote and hints
 * that remote's entry before any JavaScript runs, and lets a signed-in page's render read the
 * data it declares. The JSON is whatever the deployed shell was built with.
 */
export class RouteOwnersPlugin {
  constructor(
    private readonly routes: SiteRoutes,
    /**
     * `federation: false` marks the non-federated reference build (ADR 012): its pages bundle
     * the remotes, so the server must not hint their entries.
     */
    private readonly options: { federation: boolean } = { federation: true },
  ) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RouteOwnersPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteOwnersPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = JSON.stringify({
            ...this.routes,
            ...(this.options.federation ? {} : { federation: false }),
          });
          compilation.emitAsset(ROUTE_OWNERS_FILE, new sources.RawSource(json));
        },
      );
    });
  }
}
