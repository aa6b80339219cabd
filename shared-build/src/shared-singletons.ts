import { readFileSync } from 'node:fs';

/**
 * One shared singleton (docs/architecture.md, "Module Federation"): a module request the shell
 * provides and every remote takes from it. `atStart`: the shell imports it on its own while the
 * page starts (shell/src/index.ts), the others when a page first needs them.
 */
export interface SharedSingleton {
  request: string;
  atStart?: boolean;
}

/**
 * The one list of shared singletons: shared-singletons.json. The remotes' federation
 * config and Node builds read it here; the shell's modules that provide them, in the browser and
 * on the server, are generated from it (bin/shared-modules.mjs, checked by shared-singletons.test.ts).
 * Each subpath is its own entry (`react/jsx-runtime`): the shell provides modules through the
 * runtime API, which matches requests exactly.
 */
export const SHARED_SINGLETON_LIST: readonly SharedSingleton[] = JSON.parse(
  readFileSync(new URL('../shared-singletons.json', import.meta.url), 'utf8'),
);

/** The shared singletons' module requests, in the list's order. */
export const SHARED_SINGLETONS: readonly string[] = SHARED_SINGLETON_LIST.map(
  (entry) => entry.request,
);
