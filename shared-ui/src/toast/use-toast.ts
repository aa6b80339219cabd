import { useSyncExternalStore } from 'react';
import { dismissToast, getToastState, subscribeToasts, toast } from './toast-store';

export function useToast() {
  const state = useSyncExternalStore(subscribeToasts, getToastState, getToastState);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
