// The zod-free rules: zod's core would add to the JavaScript before the first page.
import { RELEASE_ID_PATTERN, RELEASE_REPORT_LIMITS } from 'shared-contracts/release-rules';
import {
  isRemoteLoadTimeout,
  isRemoteManifestUrl,
  REMOTE_LOAD_TIMEOUT_DEFAULT_MS,
  REMOTE_MANIFEST_URL_MESSAGE,
  REMOTE_NAMES,
  type RemoteName,
} from 'shared-contracts/remote-rules';
import { takeJsonDataBlock } from '../boot/json-data-block';

/**
 * What the shell knows about each remote after reading `/remotes.json`: a usable manifest URL, or
 * the reason it has none. Entries are validated one by one so a single bad entry only takes down
 * its own remote; the rest of the site keeps working.
 */
export type RemoteEntryResult = { ok: true; entry: string } | { ok: false; reason: string };

export interface RemotesResolution {
  entries: Record<RemoteName, RemoteEntryResult>;
  /** How long to wait for a remote before showing the fallback panel. */
  loadTimeoutMs: number;
  /**
   * The release of each remote's manifest, for remotes with releases in the server's registry,
   * and the signed page token reports on them carry (docs/decisions/019-canary-releases.md).
   */
  releases?: Partial<Record<RemoteName, string>>;
  reportToken?: string;
}

/** The `releases` and `report` of `/remotes.json`, when present and well formed. */
function readReleases(
  raw: Record<string, unknown>,
): Pick<RemotesResolution, 'releases' | 'reportToken'> {
  const { releases, report } = raw;
  if (
    typeof report !== 'string' ||
    report.length > RELEASE_REPORT_LIMITS.tokenLength ||
    typeof releases !== 'object' ||
    releases === null
  ) {
    return {};
  }
  const known: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const release = (releases as Record<string, unknown>)[name];
    if (typeof release === 'string' && RELEASE_ID_PATTERN.test(release)) known[name] = release;
  }
  return { releases: known, reportToken: report };
}

function readTimeout(raw: Record<string, unknown>): number {
  if (raw.loadTimeoutMs === undefined) return REMOTE_LOAD_TIMEOUT_DEFAULT_MS;
  if (isRemoteLoadTimeout(raw.loadTimeoutMs)) return raw.loadTimeoutMs;
  // A bad timeout must not take the remotes down with it: keep the default and say why.
  console.warn(
    `[shell] remotes.json has an invalid loadTimeoutMs (${JSON.stringify(raw.loadTimeoutMs)}); using ${REMOTE_LOAD_TIMEOUT_DEFAULT_MS} ms.`,
  );
  return REMOTE_LOAD_TIMEOUT_DEFAULT_MS;
}

export function resolveRemotes(raw: unknown, base: string): RemotesResolution {
  const entries = {} as RemotesResolution['entries'];
  const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  for (const name of REMOTE_NAMES) {
    if (!isObject) {
      entries[name] = { ok: false, reason: 'remotes.json is not a JSON object of remote URLs.' };
      continue;
    }
    const value = (raw as Record<string, unknown>)[name];
    if (value === undefined) {
      entries[name] = { ok: false, reason: `remotes.json has no entry for "${name}".` };
      continue;
    }
    entries[name] = isRemoteManifestUrl(value)
      ? { ok: true, entry: new URL(value, base).toString() }
      : {
          ok: false,
          reason: `The "${name}" entry in remotes.json is invalid: ${REMOTE_MANIFEST_URL_MESSAGE}.`,
        };
  }
  if (!isObject) return { entries, loadTimeoutMs: REMOTE_LOAD_TIMEOUT_DEFAULT_MS };
  const record = raw as Record<string, unknown>;
  return { entries, loadTimeoutMs: readTimeout(record), ...readReleases(record) };
}

/**
 * Reads and resolves `/remotes.json`; a failed read marks every remote unavailable, with why. The
 * read itself gives up after the default timeout, so a stalled API cannot leave a page spinning.
 */
export async function fetchRemotes(
  url = '/remotes.json',
  base = window.location.href,
): Promise<RemotesResolution> {
  let raw: unknown;
  try {
    const response = await fetch(url, {
      cache: 'no-cache',
      signal: AbortSignal.timeout(REMOTE_LOAD_TIMEOUT_DEFAULT_MS),
    });
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    raw = await response.json();
  } catch (error) {
    const why =
      error instanceof SyntaxError
        ? 'is not valid JSON'
        : `could not be read (${String((error as Error).message ?? error)})`;
    const failed = { ok: false, reason: `remotes.json ${why}.` } as const;
    return {
      entries: Object.fromEntries(REMOTE_NAMES.map((name) => [name, failed])) as Record<
        RemoteName,
        RemoteEntryResult
      >,
      loadTimeoutMs: REMOTE_LOAD_TIMEOUT_DEFAULT_MS,
    };
  }
  return resolveRemotes(raw, base);
}

/** The id of the JSON data block the server puts in the page (api/src/http/page-html.ts). */
export const INLINE_CONFIG_ID = 'remotes-config';

/**
 * The remotes configuration the server inlined in this page, read once: the element is removed,
 * so a later read (Retry after a failure) fetches `/remotes.json` again instead of reusing what
 * the page was sent with. Undefined when there is none or it does not parse.
 */
export function takeInlineRemotes(doc: Document = document): unknown {
  return takeJsonDataBlock(
    INLINE_CONFIG_ID,
    () => console.warn('[shell] The inlined remotes configuration is not valid JSON; fetching it.'),
    doc,
  );
}

/**
 * The remotes configuration without a round trip when the server inlined it in the page (no
 * `/remotes.json` request between the shell's start and its first remote), otherwise
 * `/remotes.json` as before (a static host or CDN serving index.html as is).
 */
export function readRemotes(
  doc: Document = document,
  base = window.location.href,
): Promise<RemotesResolution> {
  const inline = takeInlineRemotes(doc);
  return inline === undefined
    ? fetchRemotes('/remotes.json', base)
    : Promise.resolve(resolveRemotes(inline, base));
}
