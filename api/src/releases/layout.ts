import path from 'node:path';

/**
 * Where a release's files are in a remote's deployed folder, as scripts/deploy-remote.mjs writes
 * them (the table of ADR 019 decision 1). Hashed files are shared by every release; a release's
 * manifest is named by a hash of its contents, so it is as immutable as the files it names.
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
