/**
 * Telling "the database cannot be reached" apart from every other failure: those requests get a
 * 503 with `Retry-After` (the client tries again) instead of a 500, and `/api/health` says so.
 * Only the PostgreSQL driver has a network between it and the data; PGlite never reports these.
 */

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Socket-level failures of the connection to the server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATE: class 08 is "connection exception"; 57P01-57P03 a server shutting down, restarting
// or terminating the session (pg_terminate_backend); 53300 no connection slot left.
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

// node-postgres reports a connection that ended or never came up with plain messages.
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Query read timeout',
];

function isUnavailableError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) {
    return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text));
}

/** Whether `error`, or what it wraps (Drizzle wraps driver errors as `cause`), is one of them. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    if (isUnavailableError(current)) return true;
    seen.add(current);
    const inner = current as { cause?: unknown; errors?: unknown };
    // An AggregateError (connecting to each address of a host) holds the socket errors.
    if (Array.isArray(inner.errors) && inner.errors.some(isUnavailableError)) return true;
    current = inner.cause;
  }
  return false;
}
