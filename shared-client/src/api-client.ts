import { CACHE_GROUPS, type CacheGroup } from './cache-groups';
import { fetchReporting } from './connection';
import { currentToken } from './token-source';

/**
 * A non-OK response. Its `message` (docs/product.md, "API conventions"): the status code, a colon,
 * then the response body text (or the status text if the body is empty). `serverMessage` is the
 * server's `{ message }` when the body was our JSON error shape, so screens can show just that.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  readonly serverMessage: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, statusText: string, body: string, retryAfter?: string | null) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = parseServerMessage(body);
    const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : Number.NaN;
    this.retryAfterSeconds = Number.isFinite(seconds) ? seconds : undefined;
  }
}

function parseServerMessage(body: string): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      return typeof message === 'string' ? message : undefined;
    }
  } catch {
    // Not JSON: a proxy or server error page. The raw text is still in `body`.
  }
  return undefined;
}

/** The text to show a person: the server's message when there is one, else the error's message. */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback ?? error.message;
  if (error instanceof Error && error.message) return fallback ?? error.message;
  return fallback ?? 'Something went wrong. Please try again.';
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(
    response.status,
    response.statusText,
    text,
    response.headers.get('Retry-After'),
  );
}

function authHeader(): Record<string, string> {
  const token = currentToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export interface RequestOptions {
  /** Send the stored bearer token (only when asked for). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Writes: method, URL and optional JSON body; credentials included; the bearer header only when
 * requested. Returns the parsed JSON answer (or undefined for an empty body).
 */
export async function apiRequest<T = unknown>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await fetchReporting(url, {
    method,
    credentials: 'include',
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(options.auth ? authHeader() : {}),
      ...options.headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: options.signal,
  });
  await throwIfNotOk(response);
  return parseJson<T>(response);
}

export interface RawRequestOptions extends RequestOptions {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
  /** Sent as is (a File, a Blob); give its Content-Type in `headers`. */
  body?: BodyInit;
}

/**
 * For a body or an answer that is not JSON (an image upload, a file download): the same
 * credentials, opt-in bearer header and not-OK check (an `ApiError`) as `apiRequest`, and the
 * response itself to read as the caller needs.
 */
export async function apiFetch(url: string, options: RawRequestOptions = {}): Promise<Response> {
  const response = await fetchReporting(url, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: { ...(options.auth ? authHeader() : {}), ...options.headers },
    body: options.body,
    signal: options.signal,
  });
  await throwIfNotOk(response);
  return response;
}

async function parseJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The one default fetcher for reads: GET, credentials, bearer header when a token
 * is stored, `Cache-Control: max-age` from the cache group's stale time, JSON answer.
 */
export async function fetchJson<T>(
  url: string,
  group: CacheGroup = 'default',
  signal?: AbortSignal,
): Promise<T> {
  const maxAge = Math.round(CACHE_GROUPS[group].staleTime / 1000);
  const response = await fetchReporting(url, {
    credentials: 'include',
    headers: { ...authHeader(), 'Cache-Control': `max-age=${maxAge}` },
    signal,
  });
  await throwIfNotOk(response);
  return parseJson<T>(response);
}
