import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where webhooks may go. A retailer types the URL, so without a policy our server could be made
 * to call loopback services, the cloud metadata address or the private network (SSRF). In
 * production only public addresses are allowed; elsewhere (`WEBHOOK_ALLOW_PRIVATE_TARGETS`,
 * default on outside production) local receivers work for development and tests.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // IPv4-mapped IPv6 (::ffff:127.0.0.1) is the IPv4 address in disguise.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

/**
 * A `lookup` for `http.request` that resolves the host and refuses private answers. The check
 * happens on the address actually connected to, so a DNS answer that changes between a check and
 * the connection (DNS rebinding) cannot slip through.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(
    hostname,
    { family: options.family, hints: options.hints, all: true },
    (error, addresses) => {
      if (error) {
        callback(error, options.all ? [] : '');
        return;
      }
      const list = addresses as LookupAddress[];
      const bad = list.find((entry) => isPrivateAddress(entry.address));
      if (bad || list.length === 0) {
        callback(
          new BlockedAddressError(
            `Refused to send to ${hostname}: it resolves to a private or local address`,
          ) as NodeJS.ErrnoException,
          options.all ? [] : '',
        );
        return;
      }
      if (options.all) callback(null, list);
      else callback(null, list[0]?.address ?? '', list[0]?.family);
    },
  );
};

/** For a literal IP host (no DNS involved): whether it is private. */
export function literalHostIsPrivate(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) !== 0 && isPrivateAddress(bare);
}
