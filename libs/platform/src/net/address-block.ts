import { isIPv4, isIPv6 } from 'node:net';

/**
 * What counts as one client address for limits: an IPv4 address (also written IPv4-mapped,
 * `::ffff:a.b.c.d`), or an IPv6 address's /64, the block one subscriber gets, so that rotating
 * through it buys no more tries. Anything else is kept as it came.
 */
export function addressBlock(address: string): string {
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : '';
  if (isIPv4(mapped)) return mapped;
  const bare = address.split('%')[0];
  if (!isIPv6(bare)) return address;
  const [head, tail = ''] = bare.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  // An IPv4 tail (`::1.2.3.4`) holds two groups; only the first four groups matter here.
  const tailWidth = groups(tail).reduce((width, group) => width + (group.includes('.') ? 2 : 1), 0);
  const expanded = bare.includes('::') ? [...groups(head), ...Array<string>(8 - groups(head).length - tailWidth).fill('0'), ...groups(tail)] : groups(bare);
  return `${expanded
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
