import { REMOTE_NAMES, type RemotesManifest } from 'shared-contracts/remotes';
import type { Config } from '../config.ts';

/**
 * Where the shell loads each remote's manifest from: a configured deployment
 * (`REMOTE_<NAME>_URL`) or this server's own `/remotes/<name>/` (docs/deploy.md), and how
 * long it waits for one before showing the fallback panel when `REMOTE_LOAD_TIMEOUT_MS` is set.
 */
export function buildRemotesManifest(
  remoteUrls: Config['remoteUrls'],
  loadTimeoutMs?: Config['remoteLoadTimeoutMs'],
): RemotesManifest {
  const manifest = {} as RemotesManifest;
  for (const name of REMOTE_NAMES) {
    const base = remoteUrls[name];
    manifest[name] = base
      ? `${base.replace(/\/+$/, '')}/mf-manifest.json`
      : `/remotes/${name}/mf-manifest.json`;
  }
  return loadTimeoutMs === undefined ? manifest : { ...manifest, loadTimeoutMs };
}
