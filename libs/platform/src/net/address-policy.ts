import { BlockList, isIP, isIPv4 } from 'node:net';

/** IPv4 ranges no proxied request may reach: this host, private networks, link-local, CGNAT, reserved, multicast. */
const FORBIDDEN_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // CGNAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** IPv6 ranges refused outright (forms that embed an IPv4 address are checked by that address). */
const FORBIDDEN_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (tunnels to an IPv4 address)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (tunnels to an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part is two words). */
export function ipv6Words(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((word) => parseInt(word, 16));
}

/** The IPv4 address an IPv6 address stands for (IPv4-mapped, IPv4-compatible, NAT64), if any. */
export function embeddedIpv4(address: string): string | undefined {
  const w = ipv6Words(address);
  const v4 = () => `${w[6] >> 8}.${w[6] & 255}.${w[7] >> 8}.${w[7] & 255}`;
  const zeros = (from: number, to: number) => w.slice(from, to).every((word) => word === 0);
  if (zeros(0, 5) && w[5] === 0xffff) return v4(); // ::ffff:a.b.c.d
  if (zeros(0, 6) && (w[6] !== 0 || w[7] > 1)) return v4(); // ::a.b.c.d (deprecated compatible form)
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6)) return v4(); // 64:ff9b::a.b.c.d (NAT64)
  return undefined;
}

/**
 * Which resolved addresses the HTTP test tool's server proxy (and the API import's URL fetch) may connect to: every public address,
 * none of the internal ranges above, except addresses an operator allows (`HTTP_PROXY_ALLOW_HOSTS`:
 * IPs or CIDR ranges).
 */
export class AddressPolicy {
  private readonly forbidden = new BlockList();
  private readonly allowed = new BlockList();

  constructor(allow: readonly string[] = []) {
    for (const [network, prefix] of FORBIDDEN_V4) this.forbidden.addSubnet(network, prefix, 'ipv4');
    for (const [network, prefix] of FORBIDDEN_V6) this.forbidden.addSubnet(network, prefix, 'ipv6');
    for (const entry of allow) {
      const [address, prefix] = entry.split('/');
      const family = isIP(address);
      if (!family) throw new Error(`HTTP_PROXY_ALLOW_HOSTS: '${entry}' is not an IP address or CIDR range`);
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) this.allowed.addAddress(address, type);
      else this.allowed.addSubnet(address, Number(prefix), type);
    }
  }

  /** True when the proxy must not connect to `address` (an IP address; anything else is forbidden). */
  isForbidden(address: string): boolean {
    const family = isIP(address);
    if (family === 0) return true;
    if (family === 4) return !this.allowed.check(address, 'ipv4') && this.forbidden.check(address, 'ipv4');
    if (this.allowed.check(address, 'ipv6')) return false;
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined && isIPv4(v4)) return this.isForbidden(v4);
    return this.forbidden.check(address, 'ipv6');
  }
}
