import { SUPPORT_STORAGE_KEYS } from 'shared-contracts/support-info';
import { randomUuid } from './random-id';

// The support chat (shell) and the contact form (marketing) file a signed-out person's messages
// under one visitor id, so a contact message shows up in that browser's chat too.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored visitor id, or null when this browser has not written to support as a visitor. */
export function getVisitorId(): string | null {
  try {
    const value = localStorage.getItem(SUPPORT_STORAGE_KEYS.visitorId);
    return value && UUID.test(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The stored visitor id, creating (and storing) a new random one when there is none. Without
 * storage the message is still sent, under an id this browser will not remember.
 */
export function ensureVisitorId(): string {
  const existing = getVisitorId();
  if (existing) return existing;
  const created = randomUuid();
  try {
    localStorage.setItem(SUPPORT_STORAGE_KEYS.visitorId, created);
  } catch {
    // See above.
  }
  return created;
}

export function forgetVisitorId(): void {
  try {
    localStorage.removeItem(SUPPORT_STORAGE_KEYS.visitorId);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
