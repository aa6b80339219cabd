// shared-client's public surface; one module because it is shared as a single federated singleton.
// The package is the browser's client of the platform API: the session and its guards, requests,
// the query cache, live event streams, and the providers every page renders inside. It was called
// shared-auth, a name that hid most of that (issue 14, item 11; docs/decisions/009).

export type { RawRequestOptions, RequestOptions } from './api-client';
export {
  ApiError,
  apiFetch,
  apiRequest,
  errorMessage,
  fetchJson,
  throwIfNotOk,
} from './api-client';
export { AppProviders } from './app-providers';
export {
  checkSensitive,
  sensitiveCheckQueryOptions,
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useResendVerificationMutation,
  useVerifyEmailMutation,
  useVerifyRecentMutation,
} from './auth-api';
export type { AuthContextValue, AuthStatus } from './auth-context';
export { AuthProvider, meQueryOptions, useAuth } from './auth-context';
export type { CacheGroup } from './cache-groups';
export { CACHE_GROUPS, retryDelay } from './cache-groups';
export type {
  EventStreamState,
  FollowEventStreamOptions,
  ReadEventStreamOptions,
  ServerEvent,
  UseEventStreamOptions,
} from './event-stream';
export {
  createEventParser,
  followEventStream,
  readEventStream,
  reconnectDelayMs,
  useEventStream,
} from './event-stream';
export { RequireAuth, SensitiveRoute } from './guards';
export { usePublicQuery } from './public-query';
export { createQueryClient, shouldRetryMutation, shouldRetryQuery } from './query-client';
export { newIdempotencyKey, randomUuid } from './random-id';
export {
  takeRedirectAfterLogin,
  takeRedirectAfterSensitiveAuth,
  useNavigateOrSignIn,
} from './redirects';
export {
  clearSession,
  getToken,
  isSafeRedirect,
  markSensitiveAuth,
  peekRedirect,
  rememberRedirect,
  STORAGE_KEYS,
  storeSession,
  takeRedirect,
} from './storage';
export { ensureVisitorId, forgetVisitorId, getVisitorId } from './visitor-id';
