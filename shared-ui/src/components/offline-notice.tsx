import type { ReactNode } from 'react';
import { formatServiceTime } from 'shared-contracts/service-time';
import { Notice } from './notice';

export interface OfflineNoticeProps {
  /** Whether the page has lost its connection (shared-client's `useOnline`). */
  offline: boolean;
  /** When what is on screen was last confirmed by the server (ms), if anything is. */
  lastUpdatedAt?: number;
  /** What still works, or will happen, without a connection. */
  children?: ReactNode;
}

/** "You're offline. Showing the last status from 2:41 PM CT." */
export function offlineText(lastUpdatedAt?: number): string {
  return lastUpdatedAt
    ? `You're offline. Showing the last status from ${formatServiceTime(new Date(lastUpdatedAt).toISOString())}.`
    : "You're offline.";
}

/**
 * Says that the connection is gone and how old the page's information is. The polite live region
 * is always in the page, so screen readers hear the notice when it appears, and hear nothing
 * when it goes (the page's own updates say that it is live again).
 */
export function OfflineNotice({ offline, lastUpdatedAt, children }: OfflineNoticeProps) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {offline ? (
        <Notice tone="warning" title={offlineText(lastUpdatedAt)}>
          {children ?? 'The page catches up by itself when your signal is back.'}
        </Notice>
      ) : null}
    </div>
  );
}
