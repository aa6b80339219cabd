// The non-federated reference build (ADR 012): stands in for the shell's
// `remotes/federation-manifest.ts`. The remotes are bundled into the shell, so there is no
// manifest to read and no entry script to find: the loader's "entry" is left as configured and
// never fetched (direct-runtime.js ignores it), and there are no remote chunks to warm up.

export function remoteEntryUrl() {
  return undefined;
}

export function asyncChunkUrls() {
  return [];
}

export async function resolveRemoteEntry(configured) {
  return configured;
}
