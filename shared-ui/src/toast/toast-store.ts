/**
 * Toast state shared by every remote (shared-ui is a federated singleton, so this module's state is
 * one per page). Behaviour (docs/product.md, "Toasts"): one toast visible at a time; a toast is
 * added, updated, dismissed, then removed 1,000,000 ms after dismissal (the dismissed toast
 * animates out and stays in the list closed until then).
 */
import type { ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DEFAULT_DURATION = 5_000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms; 5 s by default. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToastItem }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export interface ToastState {
  toasts: ToastItem[];
}

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      // Newest first, and only TOAST_LIMIT kept: a new toast replaces the visible one.
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

type Listener = (state: ToastState) => void;

let memoryState: ToastState = { toasts: [] };
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction) {
  memoryState = toastReducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(toastId: string) {
  if (removeTimers.has(toastId)) return;
  removeTimers.set(
    toastId,
    setTimeout(() => {
      removeTimers.delete(toastId);
      dispatch({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(toastId?: string) {
  const ids = toastId === undefined ? memoryState.toasts.map((t) => t.id) : [toastId];
  for (const id of ids) scheduleRemoval(id);
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

/** Raise a toast from anywhere (any remote). Returns handles to update or dismiss it. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  dispatch({ type: 'ADD_TOAST', toast: { variant: 'default', ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
  };
}

export function getToastState(): ToastState {
  return memoryState;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Test helper: forget every toast and pending timer. */
export function resetToasts() {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  memoryState = { toasts: [] };
  for (const listener of listeners) listener(memoryState);
}

/** Swipe right 50 px to dismiss. */
export const TOAST_SWIPE_THRESHOLD = 50;
