/**
 * Where requests get the session's bearer token. shared-auth owns the session and builds on this
 * package, so it cannot be imported from here: shared-auth hands its reader over when it loads
 * (`setTokenSource`). Until then, and on a server rendering a page, no request carries a token.
 */
let tokenSource: () => string | null = () => null;

export function setTokenSource(source: () => string | null): void {
  tokenSource = source;
}

/** The token to send now, or null when signed out. */
export function currentToken(): string | null {
  return tokenSource();
}
