import * as z from 'zod/mini';
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

export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
