import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { newIdempotencyKey } from 'shared-client';
import { newDraft, type ScheduleDraft } from '../../shared/schedule-draft';
import { draftKey, loadDraft, saveDraft } from '../../shared/schedule-draft-storage';

export interface DraftContextValue {
  draft: ScheduleDraft;
  /** Changes the draft (and stores it). Editing after a completed order starts a new pickup. */
  update: (change: (draft: ScheduleDraft) => Partial<ScheduleDraft>) => void;
  /** The order is paid: keep what Complete shows and start a fresh draft with a new key. */
  complete: (order: NonNullable<ScheduleDraft['completed']>) => void;
  /** Throws the draft away. */
  reset: () => void;
}

const DraftContext = createContext<DraftContextValue | null>(null);

export function DraftProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [draft, setDraft] = useState(() => loadDraft(userId));

  const commit = useCallback(
    (next: ScheduleDraft) => {
      saveDraft(userId, next);
      setDraft(next);
    },
    [userId],
  );

  // Another tab changed the draft: follow it, so two tabs never pay two different drafts.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === draftKey(userId)) setDraft(loadDraft(userId));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId]);

  const update = useCallback<DraftContextValue['update']>(
    (change) => {
      setDraft((current) => {
        const base = current.completed
          ? { ...newDraft(current.idempotencyKey), completed: undefined }
          : current;
        const next: ScheduleDraft = { ...base, ...change(base), updatedAt: Date.now() };
        saveDraft(userId, next);
        return next;
      });
    },
    [userId],
  );

  const complete = useCallback<DraftContextValue['complete']>(
    (order) => commit({ ...newDraft(newIdempotencyKey()), completed: order }),
    [commit],
  );

  const reset = useCallback(() => commit(newDraft(newIdempotencyKey())), [commit]);

  const value = useMemo(
    () => ({ draft, update, complete, reset }),
    [draft, update, complete, reset],
  );
  return <DraftContext.Provider value={value}>{children}</DraftContext.Provider>;
}

export function useDraft(): DraftContextValue {
  const value = useContext(DraftContext);
  if (!value) throw new Error('useDraft must be used inside <DraftProvider>.');
  return value;
}
