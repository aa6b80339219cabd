import type { Chunk, ChunkGroup, Compilation, Compiler } from '@rspack/core';

/** The expose's chunk name: its file is `__federation_expose_routes.<hash>.js`, as before ADR 013. */
export function exposeChunkName(expose: string): string {
  return `__federation_expose_${expose.replace(/^\.\//, '').replace(/\W/g, '_')}`;
}

export interface ManifestShared {
  name: string;
  version: string;
  requiredVersion: string;
  singleton: boolean;
  strictVersion: boolean;
}

export interface FederationManifestOptions {
  /** The container's name (`marketing`), also the global its entry script defines. */
  name: string;
  /** The package it is built from (`mfe-marketing`). */
  packageName: string;
  /** Expose key → source file, as given to the container plugin. */
  exposes: Record<string, string>;
  /** What the container shares, with the ranges it was built for (what a skew check compares). */
  shared: ManifestShared[];
}

const jsFiles = (chunk: Chunk) => [...chunk.files].filter((file) => file.endsWith('.js'));

/**
 * Writes a remote's `mf-manifest.json` (ADR 013): the file `/remotes.json` names for each remote
 * and that the server (preload hints), the shell (the entry to load, the chunks to warm up) and
 * `scripts/deploy-remote.mjs` read. Rspack's container plugin writes no manifest, so this one
 * writes the part of Module Federation's manifest format those readers use
 * (shared-contracts/federation-manifest.ts): `metaData.remoteEntry` and `publicPath`, each
 * expose's chunks (`sync`: the expose's own chunk; `async`: every chunk it can load later), and
 * the shared modules with the ranges the remote requires.
 */
export class FederationManifestPlugin {
  constructor(private readonly options: FederationManifestOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(FederationManifestPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: FederationManifestPlugin.name,
          stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        () => {
          const manifest = this.manifest(compilation);
          compilation.emitAsset(
            'mf-manifest.json',
            new compiler.rspack.sources.RawSource(JSON.stringify(manifest, null, 2)),
          );
        },
      );
    });
  }

  private manifest(compilation: Compilation) {
    const { name, packageName, exposes, shared } = this.options;
    const entrypoint = compilation.entrypoints.get(name);
    const entryFile = entrypoint ? jsFiles(entrypoint.getEntrypointChunk())[0] : undefined;
    if (!entryFile) {
      throw new Error(`The container entry "${name}" of ${packageName} produced no script.`);
    }
    return {
      id: name,
      name,
      metaData: {
        name,
        globalName: name,
        type: 'app',
        buildInfo: { buildVersion: '1.0.0', buildName: packageName },
        publicPath: 'auto',
        remoteEntry: { name: entryFile, path: '', type: 'var' },
      },
      shared: shared.map((item) => ({
        id: `${name}:${item.name}`,
        name: item.name,
        version: item.version,
        requiredVersion: item.requiredVersion,
        singleton: item.singleton,
        strictVersion: item.strictVersion,
      })),
      remotes: [],
      exposes: Object.keys(exposes).map((expose) => {
        const group = compilation.namedChunkGroups.get(exposeChunkName(expose));
        if (!group) {
          throw new Error(`The expose ${expose} of ${packageName} produced no chunk group.`);
        }
        const sync = group.chunks.flatMap(jsFiles);
        return {
          id: `${name}:${expose.replace(/^\.\//, '')}`,
          name: expose.replace(/^\.\//, ''),
          path: expose,
          assets: {
            js: { sync, async: laterChunkFiles(group, new Set(sync)) },
            css: { sync: [], async: [] },
          },
        };
      }),
    };
  }
}

/**
 * A chunk group that only a shared module's fallback opens: the remote's own copy of React, the
 * router, ..., loaded only when the page offers none that satisfies it (never on the shell's page).
 */
function isSharedFallback(group: ChunkGroup): boolean {
  const { origins } = group;
  return (
    origins.length > 0 &&
    origins.every((origin) => origin.module?.identifier().startsWith('consume shared module'))
  );
}

/**
 * Every script the expose's chunk group can load later (its descendants), each named once: what
 * the shell runs ahead of a visit (shell/src/preload/remote-chunks.ts). The shared modules'
 * fallbacks are left out, as in Module Federation's own manifest: on the shell's page they are
 * never loaded.
 */
function laterChunkFiles(group: ChunkGroup, exclude: Set<string>): string[] {
  const files = new Set<string>();
  const seen = new Set<ChunkGroup>();
  const visit = (current: ChunkGroup) => {
    if (seen.has(current) || isSharedFallback(current)) return;
    seen.add(current);
    if (current !== group) {
      for (const file of current.chunks.flatMap(jsFiles)) {
        if (!exclude.has(file)) files.add(file);
      }
    }
    for (const child of current.childrenIterable) visit(child);
  };
  visit(group);
  return [...files].sort();
}
