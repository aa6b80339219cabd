import { SUPPORT_STORAGE_KEYS } from 'shared-contracts/support-info';

// The keys and what they hold are documented with SUPPORT_STORAGE_KEYS. This module is part of the
// shell's first load on every page, so it imports only the zod-free half of the support contract.
export { SUPPORT_STORAGE_KEYS };

// Storage can throw (disabled storage, Safari private mode); the widget keeps working without it,
// it just forgets between visits.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // See read().
  }
}

export function hasOpenedChat(): boolean {
  return read(SUPPORT_STORAGE_KEYS.chatOpened) === '1';
}

export function rememberChatOpened(): void {
  write(SUPPORT_STORAGE_KEYS.chatOpened, '1');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored visitor id, or null when this browser has not written to support as a visitor. */
export function getVisitorId(): string | null {
  const value = read(SUPPORT_STORAGE_KEYS.visitorId);
  return value && UUID.test(value) ? value : null;
}

/** The stored visitor id, creating (and storing) a new random one when there is none. */
export function ensureVisitorId(): string {
  const existing = getVisitorId();
  if (existing) return existing;
  const created = randomUuid();
  write(SUPPORT_STORAGE_KEYS.visitorId, created);
  return created;
}

export function forgetVisitorId(): void {
  write(SUPPORT_STORAGE_KEYS.visitorId, null);
}

/**
 * A version 4 UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost); the
 * site may also be served over plain HTTP on a LAN, where `getRandomValues` still works.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
