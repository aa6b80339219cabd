// The rules of `/remotes.json` without zod. The shell checks the file before its first page can
// render, and even zod/mini's core would weigh on every first visit; these
// predicates are all the shell needs. `remotes.ts` builds the zod schemas the server validates
// and documents the file with from the same predicates and limits, so the rules exist once.

import { hasControlCharacters } from './control-characters.ts';

/** The federated remotes, by the name the shell registers them under. */
export const REMOTE_NAMES = ['marketing', 'customer', 'curbside', 'retailer'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

// Absolute http(s) URL whose path ends in `.json` (a query string is allowed for cache busting).
const ABSOLUTE_MANIFEST = /^https?:\/\/[^\s/?#]+\/(?:[^\s?#]*\/)?[^\s/?#]+\.json(?:\?[^\s#]*)?$/i;
// Root-relative path (`/remotes/x/mf-manifest.json`); `//host/...` is protocol-relative, not ours.
const ROOT_RELATIVE_MANIFEST = /^\/(?!\/)(?:[^\s?#]*\/)?[^\s/?#]+\.json(?:\?[^\s#]*)?$/;

export const REMOTE_MANIFEST_URL_MESSAGE =
  'Must be an absolute http(s) URL or a root-relative path ending in .json';

/** Whether `value` is where a remote's Module Federation manifest can be loaded from. */
export function isRemoteManifestUrl(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    !hasControlCharacters(value) &&
    (ABSOLUTE_MANIFEST.test(value) || ROOT_RELATIVE_MANIFEST.test(value))
  );
}

/** How long the shell waits for a remote that does not answer before showing the fallback panel. */
export const REMOTE_LOAD_TIMEOUT_DEFAULT_MS = 15_000;
export const REMOTE_LOAD_TIMEOUT_MIN_MS = 1_000;
export const REMOTE_LOAD_TIMEOUT_MAX_MS = 120_000;

/** Whether `value` is a usable load timeout: whole milliseconds within the limits above. */
export function isRemoteLoadTimeout(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= REMOTE_LOAD_TIMEOUT_MIN_MS &&
    value <= REMOTE_LOAD_TIMEOUT_MAX_MS
  );
}
