import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where webhooks may go. A retailer types the URL, so without a policy our server could be made
 * to call the cloud metadata address, the private network or loopback services (SSRF), so
 * link-local, metadata, private and reserved ranges are refused in every mode and in every
 * spelling (IPv4-mapped IPv6, decimal or octal IPv4: the URL parser turns those into the canonical
 * form checked here); loopback only with `WEBHOOK_ALLOW_LOOPBACK` (on outside production, for
 * local receivers). The sender checks the address it actually connects to, at every attempt.
 */
export type AddressKind = 'public' | 'loopback' | 'blocked';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
// IPv6 ranges that carry an IPv4 address are refused whole, whatever address they carry: the
// network a translator or tunnel reaches cannot be judged from here. IPv4-mapped addresses
// (::ffff:a.b.c.d) are the exception, judged as the IPv4 address they are (`mappedIpv4`).
for (const [network, prefix] of [
  // IPv4-compatible (::a.b.c.d) and the unspecified address.
  ['::', 96],
  // IPv4-translated (::ffff:0:a.b.c.d, SIIT).
  ['::ffff:0:0:0', 96],
  ['100::', 64],
  // Teredo.
  ['2001::', 32],
  ['2001:db8::', 32],
  // 6to4.
  ['2002::', 16],
  // NAT64, well-known and local-use prefixes.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** `::ffff:a9fe:a9fe` or `::ffff:169.254.169.254` → `169.254.169.254`; else null. */
function mappedIpv4(address: string): string | null {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!match?.[1] || !match[2]) return null;
  const high = Number.parseInt(match[1], 16);
  const low = Number.parseInt(match[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** What an IP address is; anything that is not an IP address counts as blocked. */
export function classifyAddress(address: string): AddressKind {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family === 6) {
    const v4 = mappedIpv4(bare);
    if (v4) return classifyAddress(v4);
    if (loopback.check(bare, 'ipv6')) return 'loopback';
    return blocked.check(bare, 'ipv6') ? 'blocked' : 'public';
  }
  if (family === 4) {
    if (loopback.check(bare, 'ipv4')) return 'loopback';
    return blocked.check(bare, 'ipv4') ? 'blocked' : 'public';
  }
  return 'blocked';
}

/** Whether a webhook may be sent to `address`. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (kind === 'loopback' && allowLoopback);
}

/**
 * The host of a parsed URL, without DNS: 'loopback' for localhost names and loopback literals,
 * 'blocked' for other non-public literals, null for a name that DNS must answer.
 */
export function literalHostKind(hostname: string): AddressKind | null {
  const bare = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return 'loopback';
  return isIP(bare) === 0 ? null : classifyAddress(bare);
}

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

export const blockedMessage = (hostname: string) =>
  `Refused to send to ${hostname}: it is or resolves to a private, link-local or local address`;

/**
 * A `lookup` for `http.request` that resolves the host and refuses any non-public answer. The
 * check happens on the address actually connected to, so a DNS answer that changes between the
 * registration and the send (DNS rebinding) cannot slip through. `resolve` is the system's
 * resolver; tests hand in their own answers instead of asking DNS.
 */
export function guardedLookup(
  allowLoopback: boolean,
  resolve: typeof dnsLookup = dnsLookup,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(
      hostname,
      { family: options.family, hints: options.hints, all: true },
      (error, addresses) => {
        if (error) {
          callback(error, options.all ? [] : '');
          return;
        }
        const list = addresses as LookupAddress[];
        if (
          list.length === 0 ||
          list.some((entry) => !addressAllowed(entry.address, allowLoopback))
        ) {
          callback(
            new BlockedAddressError(blockedMessage(hostname)) as NodeJS.ErrnoException,
            options.all ? [] : '',
          );
          return;
        }
        if (options.all) callback(null, list);
        else callback(null, list[0]?.address ?? '', list[0]?.family);
      },
    );
  };
}
