import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getToken,
  isSafeRedirect,
  rememberRedirect,
  STORAGE_KEYS,
  storeSession,
  takeRedirect,
} from './storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session storage keys', () => {
  it('stores token, userID and sensitiveAuthTime at login and clears them at logout', () => {
    storeSession('t0k', 'user-1', 1_700_000_000_000);
    expect(localStorage.getItem('token')).toBe('t0k');
    expect(localStorage.getItem('userID')).toBe('user-1');
    expect(localStorage.getItem('sensitiveAuthTime')).toBe('1700000000000');
    expect(getToken()).toBe('t0k');
    clearSession();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('userID')).toBeNull();
  });

  it('saves redirect targets as JSON in session storage and reads them once', () => {
    rememberRedirect(STORAGE_KEYS.redirectAfterLogin, '/wallet?tab=ledger');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('"/wallet?tab=ledger"');
    expect(takeRedirect(STORAGE_KEYS.redirectAfterLogin)).toBe('/wallet?tab=ledger');
    expect(takeRedirect(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it('never keeps or returns a redirect off the site', () => {
    expect(isSafeRedirect('//evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    rememberRedirect(STORAGE_KEYS.redirectAfterSensitiveAuth, 'https://evil.example');
    expect(sessionStorage.getItem('redirectAfterSensitiveAuth')).toBeNull();
    sessionStorage.setItem('redirectAfterSensitiveAuth', JSON.stringify('//evil.example'));
    expect(takeRedirect(STORAGE_KEYS.redirectAfterSensitiveAuth)).toBeNull();
    sessionStorage.setItem('redirectAfterSensitiveAuth', 'not json');
    expect(takeRedirect(STORAGE_KEYS.redirectAfterSensitiveAuth)).toBeNull();
  });
});
