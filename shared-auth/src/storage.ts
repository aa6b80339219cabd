import type { QueryClient } from '@tanstack/react-query';
import { keepOnDevice, setDeviceDataOwner, setTokenSource } from 'shared-client';
import { SIGN_IN_FIRST_STORAGE_KEYS } from 'shared-contracts/server-page';

/**
 * Browser storage keys (docs/product.md, "Browser storage and cookies"). Local storage: `token`,
 * `userID`, `sensitiveAuthTime` (ms timestamp set at login). Session storage: `redirectAfterLogin`,
 * `redirectAfterSensitiveAuth`, whose values are saved as JSON.
 */
export const STORAGE_KEYS = {
  token: SIGN_IN_FIRST_STORAGE_KEYS.token,
  userId: 'userID',
  sensitiveAuthTime: 'sensitiveAuthTime',
  redirectAfterLogin: SIGN_IN_FIRST_STORAGE_KEYS.redirectAfterLogin,
  redirectAfterSensitiveAuth: 'redirectAfterSensitiveAuth',
} as const;

// Storage can throw (Safari private mode, disabled storage); the app must keep working without it.
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function getToken(): string | null {
  return safe(() => localStorage.getItem(STORAGE_KEYS.token), null);
}

// Every request of shared-client sends this token. That package cannot import this one (shared-auth
// builds on it), so it is handed the reader as soon as the session's code is loaded.
setTokenSource(getToken);

/** The user id of the stored session, null when signed out. */
export function getStoredUserId(): string | null {
  return safe(
    () =>
      localStorage.getItem(STORAGE_KEYS.token) ? localStorage.getItem(STORAGE_KEYS.userId) : null,
    null,
  );
}

// The customer's data kept on the device (shared-client's device-data.ts, ADR 018) follows the
// session: another user's is deleted when a session starts, everything when it ends.
export function storeSession(token: string, userId: string, now = Date.now()) {
  safe(() => {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.userId, userId);
    localStorage.setItem(STORAGE_KEYS.sensitiveAuthTime, String(now));
  }, undefined);
  void setDeviceDataOwner(userId);
}

export function clearSession() {
  safe(() => {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.userId);
    localStorage.removeItem(STORAGE_KEYS.sensitiveAuthTime);
  }, undefined);
  void setDeviceDataOwner(null);
}

/**
 * Keeps the stored session's data of `client` on this device from now on: the shell calls it
 * once the page is interactive (or at once when the page is rendered in the browser, as it is
 * when opened offline), so the curbside page can open without signal. Signed out: nothing kept.
 */
export function keepSessionOnDevice(client: QueryClient): Promise<void> {
  return keepOnDevice(client, getStoredUserId());
}

export function markSensitiveAuth(now = Date.now()) {
  safe(() => localStorage.setItem(STORAGE_KEYS.sensitiveAuthTime, String(now)), undefined);
}

type RedirectKey =
  | typeof STORAGE_KEYS.redirectAfterLogin
  | typeof STORAGE_KEYS.redirectAfterSensitiveAuth;

/** Only same-site paths are ever kept, so a crafted value cannot redirect off the site. */
export function isSafeRedirect(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\')
  );
}

export function rememberRedirect(key: RedirectKey, path: string) {
  if (!isSafeRedirect(path)) return;
  safe(() => sessionStorage.setItem(key, JSON.stringify(path)), undefined);
}

/** Reads and clears a remembered path; null when none (or when the stored value is not safe). */
export function takeRedirect(key: RedirectKey): string | null {
  return safe(() => {
    const raw = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isSafeRedirect(value) ? value : null;
  }, null);
}

export function peekRedirect(key: RedirectKey): string | null {
  return safe(() => {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isSafeRedirect(value) ? value : null;
  }, null);
}
