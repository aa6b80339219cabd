import * as z from 'zod/mini';

/** The federated remotes, by the name the shell registers them under (DESIGN.md section 1). */
export const REMOTE_NAMES = ['marketing', 'customer', 'curbside', 'retailer'] as const;
export const remoteNameSchema = z.enum(REMOTE_NAMES);

// Absolute http(s) URL whose path ends in `.json` (a query string is allowed for cache busting).
const ABSOLUTE_MANIFEST = /^https?:\/\/[^\s/?#]+\/(?:[^\s?#]*\/)?[^\s/?#]+\.json(?:\?[^\s#]*)?$/i;
// Root-relative path (`/remotes/x/mf-manifest.json`); `//host/...` is protocol-relative, not ours.
const ROOT_RELATIVE_MANIFEST = /^\/(?!\/)(?:[^\s?#]*\/)?[^\s/?#]+\.json(?:\?[^\s#]*)?$/;

/**
 * Where the shell loads a remote's Module Federation manifest from.
 *
 * Written with `zod/mini` on purpose: the shell validates `/remotes.json` before the first page
 * can render, and the full zod build would add about 22 KB gzip to every first visit. Mini schemas
 * are the same zod 4 core, so the server's validation and OpenAPI generation treat them alike.
 */
export const remoteManifestUrlSchema = z
  .string()
  .check(
    z.refine(
      (value) => ABSOLUTE_MANIFEST.test(value) || ROOT_RELATIVE_MANIFEST.test(value),
      'Must be an absolute http(s) URL or a root-relative path ending in .json',
    ),
  );

/** How long the shell waits for a remote that does not answer before showing the fallback panel. */
export const REMOTE_LOAD_TIMEOUT_DEFAULT_MS = 15_000;
export const REMOTE_LOAD_TIMEOUT_MIN_MS = 1_000;
export const REMOTE_LOAD_TIMEOUT_MAX_MS = 120_000;

export const remoteLoadTimeoutSchema = z
  .number()
  .check(z.int(), z.minimum(REMOTE_LOAD_TIMEOUT_MIN_MS), z.maximum(REMOTE_LOAD_TIMEOUT_MAX_MS));

/**
 * `GET /remotes.json`: the manifest URL of every remote, read by the shell at start-up so a remote
 * can be redeployed without rebuilding the shell (DESIGN.md section 2), and optionally the load
 * timeout (`REMOTE_LOAD_TIMEOUT_MS` on the server; absent means the 15 s default). Shells ignore
 * keys they do not know, so adding one never breaks an older shell.
 */
export const remotesManifestSchema = z
  .object({
    marketing: remoteManifestUrlSchema,
    customer: remoteManifestUrlSchema,
    curbside: remoteManifestUrlSchema,
    retailer: remoteManifestUrlSchema,
    loadTimeoutMs: z.optional(remoteLoadTimeoutSchema),
  })
  .register(z.globalRegistry, { id: 'RemotesManifest' });

export type RemoteName = z.infer<typeof remoteNameSchema>;
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
