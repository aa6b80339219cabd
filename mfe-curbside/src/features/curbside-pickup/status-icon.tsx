import type { CurbsideStatus } from 'shared-contracts/curbside';

const PATHS: Record<'clock' | 'car' | 'robot' | 'lock' | 'check' | 'cross', string> = {
  clock: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 5h-2v6l5 3 1-1.7-4-2.3V7Z',
  car: 'M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11a2 2 0 0 1 2 2v4h-2v2h-3v-2H8v2H5v-2H3v-4a2 2 0 0 1 2-2Zm2.2 0h9.6l-1.1-3.5a.7.7 0 0 0-.6-.5H8.9a.7.7 0 0 0-.6.5L7.2 11ZM6.5 15a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm11 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z',
  robot:
    'M11 2h2v3h4a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3h-1v2h-2v-2h-4v2H8v-2H7a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3h4V2ZM9 9.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm6 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM9 15h6v-1.5H9V15Z',
  lock: 'M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3Zm0 9a2 2 0 0 0-1 3.7V19h2v-2.3A2 2 0 0 0 12 13Z',
  check:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm4.3 6.3L10.5 14l-2.8-2.8-1.4 1.4 4.2 4.2 7.2-7.1-1.4-1.4Z',
  cross:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm3.5 5.1L12 10.6 8.5 7.1 7.1 8.5l3.5 3.5-3.5 3.5 1.4 1.4 3.5-3.5 3.5 3.5 1.4-1.4-3.5-3.5 3.5-3.5-1.4-1.4Z',
};

const ICON_OF: Record<CurbsideStatus, keyof typeof PATHS> = {
  order_ready: 'clock',
  customer_arrived: 'car',
  robot_dispatched: 'robot',
  robot_collecting: 'robot',
  robot_en_route: 'robot',
  awaiting_verification: 'lock',
  verified: 'check',
  delivered: 'check',
  failed: 'cross',
  cancelled: 'cross',
};

/** Decorative: the label next to it says the same in words. */
export function StatusIcon({ status, size = 40 }: { status: CurbsideStatus; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[ICON_OF[status]]} />
    </svg>
  );
}
