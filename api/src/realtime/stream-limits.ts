// What a client hears when a cap on open live-update streams refuses it, and what the cap per
// address counts by. The caps themselves are configuration (`StreamLimits` in config.ts).

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
