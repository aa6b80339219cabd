import { newIdempotencyKey } from 'shared-client';
import { newDraft, type ScheduleDraft } from './schedule-draft';

/**
 * Where the draft lives: local storage, one key per signed-in user
 * (`curbrun:schedule-pickup-draft:<userId>`), so it survives reloads, new tabs and signing in
 * again on this device, and two people sharing a browser never see each other's draft. Drafts
 * untouched for a week are dropped. Storage errors (private mode, quota) leave the flow working
 * in memory.
 */

export const DRAFT_KEY_PREFIX = 'curbrun:schedule-pickup-draft:';
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function draftKey(userId: string): string {
  return `${DRAFT_KEY_PREFIX}${userId}`;
}

function isDraft(value: unknown): value is ScheduleDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<ScheduleDraft>;
  return (
    draft.version === 1 &&
    typeof draft.idempotencyKey === 'string' &&
    draft.idempotencyKey.length > 0 &&
    typeof draft.updatedAt === 'number'
  );
}

export function loadDraft(userId: string, now = Date.now()): ScheduleDraft {
  try {
    const raw = localStorage.getItem(draftKey(userId));
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      if (isDraft(parsed) && now - parsed.updatedAt < DRAFT_MAX_AGE_MS) return parsed;
    }
  } catch {
    // Unreadable or unavailable storage: start afresh.
  }
  return newDraft(newIdempotencyKey(), now);
}

export function saveDraft(userId: string, draft: ScheduleDraft): void {
  try {
    localStorage.setItem(draftKey(userId), JSON.stringify(draft));
  } catch {
    // The flow keeps working in memory.
  }
}
