import path from 'node:path';

/**
 * Where a release's files are in a remote's deployed folder (written by
 * scripts/deploy-remote.mjs; docs/decisions/019-canary-releases.md):
 *
 *   mf-manifest.json                      the last stable build deployed (hosts without the API)
 *   mf-manifest.<release>.json            each release's manifest, beside the hashed files it names
 *   releases/<release>/page-chunks.json   each release's page chunks, for the first HTML's hints
 *   releases/<release>/server/routes.js   each release's Node build, for server rendering
 *   releases/commands/<id>.json           deploy, canary, promote and rollback commands
 *
 * Hashed files are shared by every release (same name, same bytes). A release's manifest is named
 * by a hash of its own contents, so it is as immutable as the files it names.
 */

export const RELEASES_FOLDER = 'releases';
export const COMMANDS_FOLDER = path.join(RELEASES_FOLDER, 'commands');

export function releaseManifestName(release: string): string {
  return `mf-manifest.${release}.json`;
}

export interface ReleaseFiles {
  manifest: string;
  pageChunks: string;
  serverBundle: string;
}

export function releaseFiles(dist: string, release: string): ReleaseFiles {
  return {
    manifest: path.join(dist, releaseManifestName(release)),
    pageChunks: path.join(dist, RELEASES_FOLDER, release, 'page-chunks.json'),
    serverBundle: path.join(dist, RELEASES_FOLDER, release, 'server', 'routes.js'),
  };
}
