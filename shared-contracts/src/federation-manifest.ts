/**
 * What the server and the shell read from a remote's `mf-manifest.json` (Module Federation's
 * manifest, written by each remote's build): where its files are, its entry script and the chunks
 * behind an exposed module. One reading for both, so the preload hints the server puts in a page
 * name the very URLs the shell asks for (ADR 010, ADR 012). Without zod: the shell's first load
 * carries this module.
 */
export interface FederationManifest {
  metaData?: {
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string };
  };
  exposes?: Array<{ path?: string; assets?: { js?: { async?: string[]; sync?: string[] } } }>;
}

/**
 * The URL of a file the manifest names, given the absolute URL the manifest was served at. With
 * `publicPath: 'auto'` (our remotes) the files sit beside the manifest, wherever it was deployed.
 */
export function manifestFileUrl(
  manifest: FederationManifest,
  manifestUrl: string | URL,
  file: string,
): URL {
  const publicPath = manifest.metaData?.publicPath;
  const base =
    !publicPath || publicPath === 'auto'
      ? new URL('.', manifestUrl)
      : new URL(publicPath, manifestUrl);
  return new URL(file, base);
}

/** The remote's entry script as its manifest names it, or undefined when it names none. */
export function remoteEntryUrl(
  manifest: FederationManifest,
  manifestUrl: string | URL,
): URL | undefined {
  const entry = manifest.metaData?.remoteEntry;
  return entry?.name
    ? manifestFileUrl(manifest, manifestUrl, `${entry.path ?? ''}${entry.name}`)
    : undefined;
}

/** The JavaScript chunks behind one exposed module (`./routes`), loaded at once or on demand. */
export function exposedChunkFiles(
  manifest: FederationManifest,
  expose: string,
  kind: 'sync' | 'async',
): string[] {
  return manifest.exposes?.find((candidate) => candidate.path === expose)?.assets?.js?.[kind] ?? [];
}
