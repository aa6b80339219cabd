/// <reference path="./theme/styled.d.ts" />
// The public surface of shared-ui. One module, because the package is shared as a single
// federated singleton: every remote must reach the same toast store and theme.

export type { BadgeProps, BadgeTone } from './components/badge';
export { Badge } from './components/badge';
export type { ButtonLinkProps, ButtonProps, ButtonSize, ButtonVariant } from './components/button';
export { Button, ButtonLink, buttonStyles } from './components/button';
export type { CopyButtonProps } from './components/copy-button';
export { COPY_CONFIRMATION_MS, CopyButton, writeClipboard } from './components/copy-button';
export type { FieldControlProps, TextFieldProps } from './components/form';
export { Field, Input, Select, Textarea, TextField } from './components/form';
export {
  Card,
  Container,
  Grid,
  Lead,
  Muted,
  Page,
  PageTitle,
  Row,
  Stack,
  TwoColumns,
} from './components/layout';
export { Loading } from './components/loading';
export { NotFound } from './components/not-found';
export type { NoticeTone } from './components/notice';
export { Notice } from './components/notice';
export type { OfflineNoticeProps } from './components/offline-notice';
export { OfflineNotice, offlineText } from './components/offline-notice';
export type {
  PasswordStrength,
  PasswordStrengthLabel,
  PasswordStrengthLevel,
} from './components/password-strength';
export {
  COMMON_PASSWORD_WORDS,
  PASSWORD_STRENGTH_LABELS,
  PASSWORD_STRENGTH_TIP,
  passwordStrength,
} from './components/password-strength';
export type { PasswordStrengthMeterProps } from './components/password-strength-meter';
export { PasswordStrengthMeter } from './components/password-strength-meter';
export type { Preloadable } from './components/preloadable';
export { preloadable } from './components/preloadable';
export { Skeleton } from './components/skeleton';
export { Spinner } from './components/spinner';
export { VisuallyHidden } from './components/visually-hidden';
export type { RemoteExposeKey, RemoteExposes, RemoteRoutesModule } from './federation';
export { isRemoteRoutesModule, preloadPageAt } from './federation';
export { applyServerIssues } from './forms/apply-server-issues';
export { SITE_NAME, usePageMeta } from './hooks/use-page-meta';
export { useSubmitOnce } from './hooks/use-submit-once';
export { IDLE_TIMEOUT_MS, useIdle, whenIdle } from './hooks/when-idle';
export { sameSiteLink } from './hydration/same-site-link';
export { forgetServerHtml, keptServerHtml, useServerHtml } from './hydration/server-html';
export { isPageReady, markPageReady, onPageReady } from './page-ready';
export { type PageRoutesOptions, pageRoutes } from './page-routes';
export { GlobalStyle } from './theme/global-style';
export type { Theme } from './theme/theme';
export { media, theme } from './theme/theme';
export { ThemeRoot } from './theme/theme-root';
export type { ToastInput, ToastItem, ToastVariant } from './toast/toast-store';
export {
  dismissToast,
  resetToasts,
  TOAST_DEFAULT_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_SWIPE_THRESHOLD,
  toast,
  toastReducer,
} from './toast/toast-store';
export { Toaster } from './toast/toaster';
export { useToast } from './toast/use-toast';
