import type { RemoteName } from '../routing/route-table';

export class RemoteUnavailableError extends Error {
  readonly remote: RemoteName;
  constructor(remote: RemoteName, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RemoteUnavailableError';
    this.remote = remote;
  }
}

// The Module Federation runtime's own words when `strictVersion` refuses a shared singleton
// (runtime-core: "Version 19.3.1 from shell of shared singleton module react does not satisfy the
// requirement of marketing which needs ^18.0.0)"); matched so the panel can say which package and
// versions disagree.
const STRICT_VERSION_REFUSAL =
  /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^)\s]+)/;

/**
 * A refusal by `strictVersion`, explained: which package and versions disagree. It can come while
 * the remote loads or later, when a page's code first asks for a singleton while rendering.
 */
export function explainVersionSkew(
  remote: RemoteName,
  error: unknown,
): RemoteUnavailableError | undefined {
  const text = error instanceof Error ? error.message : String(error);
  const skew = STRICT_VERSION_REFUSAL.exec(text);
  if (!skew) return undefined;
  const [, provided, pkg, required] = skew;
  const message = `The ${remote} remote was built for ${pkg} ${required}, but this site runs ${pkg} ${provided}, so it was refused.`;
  // A clear line for whoever reads the console (the panel says the same), with the runtime's
  // original message so the cause is unmistakable.
  console.error(`[shell] ${message} Module Federation said: ${text}`);
  return new RemoteUnavailableError(remote, message, { cause: error });
}

/** Turns whatever loading the remote threw into a message a person can act on. */
export function explainLoadFailure(remote: RemoteName, error: unknown): RemoteUnavailableError {
  if (error instanceof RemoteUnavailableError) return error;
  return (
    explainVersionSkew(remote, error) ??
    new RemoteUnavailableError(remote, `The ${remote} remote could not be loaded.`, {
      cause: error,
    })
  );
}
