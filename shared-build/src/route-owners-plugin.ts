import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Compiler } from '@rspack/core';

/** The file the shell's build writes beside index.html, read by the server (issue 13). */
export const ROUTE_OWNERS_FILE = 'route-owners.json';

/** Where the shell keeps its route-ownership table (DESIGN.md section 1). */
export const ROUTE_TABLE_SOURCE = 'src/routing/route-table.ts';

/**
 * Writes the shell's route-ownership table (`ROUTE_OWNERS`, `SHELL_PATHS` of
 * shell/src/routing/route-table.ts) as `route-owners.json` into the shell's build, so the server
 * that sends index.html knows which remote owns a page and can hint that remote's entry before
 * any JavaScript runs (issue 13, "no waterfall"). The table stays in one place, the shell's
 * source; the JSON is whatever the deployed shell was built with.
 *
 * The config (and this preset) is loaded through @rspack/cli's TypeScript loader, so the table's
 * module is imported as it is, with its `shared-contracts` import.
 */
export class RouteOwnersPlugin {
  constructor(
    private readonly tableFile: string,
    private readonly options: { federation: boolean } = { federation: true },
  ) {}

  /**
   * `federation: false` marks the non-federated reference build (ADR 012): its pages bundle the
   * remotes, so the server must not hint their entries.
   */
  static forApp(
    dir: string,
    options: { federation: boolean } = { federation: true },
  ): RouteOwnersPlugin | undefined {
    const file = path.join(dir, ROUTE_TABLE_SOURCE);
    return existsSync(file) ? new RouteOwnersPlugin(file, options) : undefined;
  }

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RouteOwnersPlugin', (compilation) => {
      compilation.fileDependencies.add(this.tableFile);
      compilation.hooks.processAssets.tapPromise(
        { name: 'RouteOwnersPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          // A query defeats the module cache, so a watch rebuild reads an edited table.
          const url = `${pathToFileURL(this.tableFile).href}?t=${Date.now()}`;
          const table = (await import(url)) as {
            ROUTE_OWNERS: Record<string, readonly string[]>;
            SHELL_PATHS: readonly string[];
          };
          const json = JSON.stringify({
            owners: table.ROUTE_OWNERS,
            shellPaths: table.SHELL_PATHS,
            ...(this.options.federation ? {} : { federation: false }),
          });
          compilation.emitAsset(ROUTE_OWNERS_FILE, new sources.RawSource(json));
        },
      );
    });
  }
}
