import {
  exposedChunkFiles,
  type FederationManifest,
  manifestFileUrl,
  remoteEntryUrl,
} from 'shared-contracts/federation-manifest';
import { REMOTE_ENTRIES_ID } from 'shared-contracts/server-page';
import { takeJsonDataBlock } from '../boot/json-data-block';

// The shell turns the manifest URL of `/remotes.json` into the entry script (read from the
// `mf-manifest.json` the remote's federation plugin writes, shared-contracts/federation-manifest)
// and registers that with the MF runtime (federation-runtime.ts), whose own manifest support is
// left out of the build (`disableSnapshot`, ADR 014).

/** Absolute URLs of the async JavaScript chunks behind one exposed module. */
export function asyncChunkUrls(manifest: unknown, manifestUrl: string, expose: string): string[] {
  const read = (manifest ?? {}) as FederationManifest;
  return exposedChunkFiles(read, expose, 'async').map((file) =>
    manifestFileUrl(read, manifestUrl, file).toString(),
  );
}

/** A remotes.json entry that already names the entry script (`…/remoteEntry.js`) needs no manifest. */
function isEntryScript(url: string): boolean {
  return /\.m?js$/i.test(new URL(url, document.baseURI).pathname);
}

/** Absolute manifest URL → absolute entry URL, from the page; read once, used once each. */
let serverEntries: Map<string, string> | undefined;

function readServerEntries(doc: Document): Map<string, string> {
  const block = takeJsonDataBlock(
    REMOTE_ENTRIES_ID,
    () =>
      console.warn("[shell] The server's remote entries are not valid JSON; reading manifests."),
    doc,
  );
  const entries = new Map<string, string>();
  if (typeof block !== 'object' || block === null) return entries;
  for (const [manifest, entry] of Object.entries(block)) {
    if (typeof entry !== 'string') continue;
    try {
      entries.set(new URL(manifest, doc.baseURI).href, new URL(entry, doc.baseURI).href);
    } catch {
      // not a URL: that remote's manifest is read instead
    }
  }
  return entries;
}

/**
 * The entry the server read from this manifest while composing the page
 * (`<script type="application/json" id="server-remote-entries">`, api/src/http/page-html.ts), so
 * the first load of the page's own remote does not fetch the manifest again. Used once: a Retry,
 * or a later load after a redeploy, reads the manifest.
 */
function takeServerRemoteEntry(manifestUrl: string, doc: Document = document): string | undefined {
  serverEntries ??= readServerEntries(doc);
  const entry = serverEntries.get(manifestUrl);
  serverEntries.delete(manifestUrl);
  return entry;
}

/** Forgets what was read from the page (tests load several pages in one document). */
export function forgetServerRemoteEntries(): void {
  serverEntries = undefined;
}

/**
 * The entry script of the remote whose `/remotes.json` entry is `configured`: the one the page
 * named for it, else its manifest, fetched in CORS mode, and the entry read from that. Throws when the manifest cannot be had or names no entry; the loader turns that
 * into the remote's error panel.
 */
export async function resolveRemoteEntry(configured: string): Promise<string> {
  const manifestUrl = new URL(configured, document.baseURI).href;
  if (isEntryScript(manifestUrl)) return manifestUrl;
  const named = takeServerRemoteEntry(manifestUrl);
  if (named) return named;
  const response = await fetch(manifestUrl);
  if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}.`);
  const entry = remoteEntryUrl(
    ((await response.json()) ?? {}) as FederationManifest,
    manifestUrl,
  )?.href;
  if (!entry) throw new Error(`${manifestUrl} names no remote entry.`);
  return entry;
}
