/**
 * Caps on open live-update streams (issue 12, item 9). An idle stream costs little, but without a
 * cap anyone could hold connections open until the process runs out of memory or sockets. The
 * caps are per process (each API process counts its own streams), configured through
 * `LIVE_STREAMS_PER_USER`, `LIVE_STREAMS_PER_ADDRESS` and `LIVE_STREAMS_PER_PROCESS`.
 */
export interface StreamLimits {
  /** Streams one signed-in user may hold (a few tabs, each following a page or two). */
  perUser: number;
  /** Streams one client address may hold, signed in or not (the public demo dashboard). */
  perAddress: number;
  /** Streams the whole process holds; docs/benchmarks.md measures this many idle ones. */
  total: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perUser: 10,
  perAddress: 50,
  total: 10_000,
};

/** Streams end when a tab closes; the client's own backoff is 1 to 30 s. */
export const STREAM_LIMIT_RETRY_AFTER_SECONDS = 30;

export const STREAM_LIMIT_MESSAGES = {
  perUser:
    'You have too many live updates open at once. Close some CurbRun tabs and try again in a minute.',
  perAddress:
    'Too many live updates are open from your network. Close some CurbRun tabs and try again in a minute.',
  total: 'Live updates are busy right now. The page keeps refreshing; try again in a minute.',
  closing: 'The server is restarting. Try again in a moment.',
} as const;

/**
 * What the per-address cap counts by: the IPv4 address, or the /64 network of an IPv6 one (a
 * single subscriber is usually given a whole /64, so counting single IPv6 addresses would let one
 * visitor open streams from as many addresses as it likes).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
