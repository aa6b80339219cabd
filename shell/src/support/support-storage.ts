import { SUPPORT_STORAGE_KEYS } from 'shared-contracts/support-info';

// The keys and what they hold are documented with SUPPORT_STORAGE_KEYS. This module is part of the
// shell's first load on every page, so it imports only the zod-free half of the support contract.
// The visitor id is not kept here: the chat shares it with marketing's contact form, so both use
// shared-client's one copy (`ensureVisitorId`, `getVisitorId`, `forgetVisitorId`).

// Storage can throw (disabled storage, Safari private mode); the widget keeps working without it,
// it just forgets between visits.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
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
