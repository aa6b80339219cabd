import { SUPPORT_STORAGE_KEYS } from 'shared-contracts/support-info';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function randomUuid(): string {
  // randomUUID needs a secure context; getRandomValues works on plain HTTP too.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The visitor id the support chat uses (stored by the shell's widget under the same key), created
 * when there is none: a signed-out visitor's contact message then shows up in their chat too.
 */
export function ensureVisitorId(): string {
  try {
    const existing = localStorage.getItem(SUPPORT_STORAGE_KEYS.visitorId);
    if (existing && UUID.test(existing)) return existing;
    const created = randomUuid();
    localStorage.setItem(SUPPORT_STORAGE_KEYS.visitorId, created);
    return created;
  } catch {
    // No storage: the message is still sent, under an id this browser will not remember.
    return randomUuid();
  }
}
