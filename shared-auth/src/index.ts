// shared-auth's public surface; one module because it is shared as a single federated singleton,
// so every remote reads the same session through one React context (docs/decisions/016). The
// package owns authentication: the session and its browser storage, AuthProvider and
// useAuth, the auth calls, the route guards and the way to /auth and /re-authenticate and back.

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
export { RequireAuth, SensitiveRoute } from './guards';
export type { AuthDetour, SendToAuth } from './redirects';
export {
  takeRedirectAfterLogin,
  takeRedirectAfterSensitiveAuth,
  useNavigateOrSignIn,
  useSendToAuth,
} from './redirects';
export { serverQueryStateFitsSession } from './server-session';
export { useSignedInQuery } from './signed-in-query';
export {
  clearSession,
  getStoredUserId,
  getToken,
  isSafeRedirect,
  keepSessionOnDevice,
  markSensitiveAuth,
  peekRedirect,
  rememberRedirect,
  STORAGE_KEYS,
  storeSession,
  takeRedirect,
} from './storage';
