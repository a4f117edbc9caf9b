// SECURITY-CRITICAL: the SSRF guard of every connection a company's settings can aim (channel
// webhooks, channel proxies). Unless the operator allows private targets (WEBHOOK_ALLOW_PRIVATE),
// loopback, private, link-local, CGNAT, multicast and reserved ranges are refused, checked on the
// addresses the socket really connects to (the lookup it uses), so a DNS answer cannot change
// between the check and the connection.
import dns from 'node:dns';
import net from 'node:net';

export const PRIVATE_ADDRESS_ERROR = 'ERR_WEBHOOK_PRIVATE_ADDRESS';

const blocked = new net.BlockList();
for (const [address, prefix] of [
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
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
// BlockList applies the IPv4 rules to IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) itself; NAT64
// addresses are refused whole, being another way to name an IPv4 address.
for (const [address, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * A host name that is private without a lookup: a private IP literal (a socket to it skips the
 * lookup, so it is checked here) or a `localhost` name.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host)) return isPrivateAddress(host);
  return host === 'localhost' || host.endsWith('.localhost');
}

export class PrivateAddressError extends Error {
  constructor() {
    super(PRIVATE_ADDRESS_ERROR);
  }
}

/** dns.lookup that refuses private answers; what the socket connects to is what was checked. */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))
      return callback(new PrivateAddressError(), '', 0);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the all:true form of the callback is not in LookupFunction's type
    if ((options as dns.LookupOptions).all) return (callback as any)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

