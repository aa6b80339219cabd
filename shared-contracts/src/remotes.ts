import * as z from 'zod/mini';
import { RELEASE_ID_PATTERN, RELEASE_REPORT_LIMITS } from './release-rules';
import {
  isRemoteManifestUrl,
  REMOTE_LOAD_TIMEOUT_MAX_MS,
  REMOTE_LOAD_TIMEOUT_MIN_MS,
  REMOTE_MANIFEST_URL_MESSAGE,
  REMOTE_NAMES,
} from './remote-rules';

export {
  isRemoteLoadTimeout,
  isRemoteManifestUrl,
  REMOTE_LOAD_TIMEOUT_DEFAULT_MS,
  REMOTE_LOAD_TIMEOUT_MAX_MS,
  REMOTE_LOAD_TIMEOUT_MIN_MS,
  REMOTE_NAMES,
  type RemoteName,
} from './remote-rules';

export const remoteNameSchema = z.enum(REMOTE_NAMES);

/**
 * Where the shell loads a remote's Module Federation manifest from. The shell itself checks the
 * same rule without zod (remote-rules.ts); these schemas are the server's and the OpenAPI's.
 */
export const remoteManifestUrlSchema = z
  .string()
  .check(z.refine(isRemoteManifestUrl, REMOTE_MANIFEST_URL_MESSAGE));

export const remoteLoadTimeoutSchema = z
  .number()
  .check(z.int(), z.minimum(REMOTE_LOAD_TIMEOUT_MIN_MS), z.maximum(REMOTE_LOAD_TIMEOUT_MAX_MS));

/**
 * `GET /remotes.json`: the manifest URL of every remote, read by the shell at start-up so a remote
 * can be redeployed without rebuilding the shell (ADR 002), and optionally the load
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
    /**
     * Once a remote has releases in the registry (docs/decisions/019-canary-releases.md): the
     * release each manifest above belongs to, for this visitor (stable or canary)...
     */
    releases: z.optional(
      z.partialRecord(z.enum(REMOTE_NAMES), z.string().check(z.regex(RELEASE_ID_PATTERN))),
    ),
    /** ...and the signed page token the shell's reports on those releases carry. */
    report: z.optional(z.string().check(z.maxLength(RELEASE_REPORT_LIMITS.tokenLength))),
  })
  .register(z.globalRegistry, { id: 'RemotesManifest' });

export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
